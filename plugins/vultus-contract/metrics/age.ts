/**
 * The age evaluation as the pages show it (data/metrics/age.yaml). The file holds the measured
 * counts only: per true-age group, the subjects and how many were estimated under each challenge
 * age (`estimated_under`), and per demographic group the under-age users passed at 25. Every
 * challenge-age rate, its 95% interval and who it was measured on are derived here, so nested
 * challenge ages and nested populations cannot contradict each other.
 *
 * At a legal age L and a challenge age C:
 *   - under-age users passed (false positive rate): of the true-age group just below L (its
 *     oldest age is L - 1), those estimated at or over C;
 *   - users of legal age sent to the fallback (false negative rate): of every group from L up,
 *     those estimated under C.
 */
import {DataError} from '../data/load';
import {countedFigure} from './counts';
import {loadMetrics} from './load';
import type {Counted, MetricsFiles} from './types';
import type {Sources} from '../sources';

type AgeFile = MetricsFiles['age'];
type AgeGroup = AgeFile['estimated_under'][number];

const where = 'data/metrics/age.yaml';

/** One legal age and challenge age, with who was tested and the two rates. */
export interface ChallengeRow {
  legal_age: number;
  challenge_age: number;
  /** "true age 13 to 17" */
  under_age_population: string;
  false_positive_rate: Counted;
  /** "true age 18 and over" */
  of_age_population: string;
  false_negative_rate: Counted;
}

export type AgeView = Omit<AgeFile, 'challenge_ages' | 'recommended_challenge_ages' | 'groups'> & {
  challenge_ages: ChallengeRow[];
  recommended_challenge_ages: Array<AgeFile['recommended_challenge_ages'][number] & ChallengeRow>;
  groups: Array<Omit<AgeFile['groups'][number], 'minors_passed_at_25'> & {minors_passed_at_25: Counted}>;
};

const ages = (group: AgeGroup): string =>
  group.max_age === undefined
    ? `true age ${group.min_age} and over`
    : `true age ${group.min_age} to ${group.max_age}`;

/** Subjects of a group estimated under a challenge age, as measured. */
function under(group: AgeGroup, challengeAge: number): number {
  const count = group.under[String(challengeAge)];
  if (count === undefined) {
    throw new DataError(
      `${where}: estimated_under[true_age=${group.true_age}]: no count under challenge age ${challengeAge}`,
    );
  }
  return count;
}

/** The rates of one legal age and challenge age, from the counts. */
export function challengeRow(data: AgeFile, legalAge: number, challengeAge: number): ChallengeRow {
  const at = `${where}: legal age ${legalAge}, challenge age ${challengeAge}`;
  const groups = data.estimated_under;
  const below = groups.find((group) => group.max_age === legalAge - 1);
  if (!below) throw new DataError(`${at}: estimated_under has no group whose oldest age is ${legalAge - 1}`);
  const ofAge = groups.filter((group) => group.min_age >= legalAge);
  const youngest = ofAge.find((group) => group.min_age === legalAge);
  if (!youngest) throw new DataError(`${at}: estimated_under has no group starting at ${legalAge}`);
  const methods = data.evaluation.ci_method;
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  return {
    legal_age: legalAge,
    challenge_age: challengeAge,
    under_age_population: ages(below),
    false_positive_rate: countedFigure(
      below.subjects - under(below, challengeAge),
      below.subjects,
      'false_positive_rate',
      methods,
      `${at}: under-age users passed`,
    ),
    of_age_population: `true age ${legalAge} and over`,
    false_negative_rate: countedFigure(
      sum(ofAge.map((group) => under(group, challengeAge))),
      sum(ofAge.map((group) => group.subjects)),
      'false_negative_rate',
      methods,
      `${at}: users of legal age sent to the fallback`,
    ),
  };
}

/** data/metrics/age.yaml with its challenge-age rates and intervals derived from the counts. */
export function ageView(sources: Sources): AgeView {
  const data = loadMetrics(sources, 'age');
  const methods = data.evaluation.ci_method;
  return {
    ...data,
    challenge_ages: data.challenge_ages.map((row) => challengeRow(data, row.legal_age, row.challenge_age)),
    recommended_challenge_ages: data.recommended_challenge_ages.map((row) => ({
      ...row,
      ...challengeRow(data, row.legal_age, row.challenge_age),
    })),
    groups: data.groups.map((row) => ({
      ...row,
      minors_passed_at_25: countedFigure(
        row.minors_passed_at_25.events,
        row.minors_passed_at_25.of,
        'minors_passed_at_25',
        methods,
        `${where}: groups[group=${row.group}].minors_passed_at_25`,
      ),
    })),
  };
}

/**
 * Release notes and the Web SDK support policy, from data/releases.yaml:
 *
 *   ::releases{product="web-sdk"}                 release notes by minor version, with the
 *                                                 end-of-support notices the policy sets
 *   ::releases{product="onprem"}                  release notes of the on-premise images
 *   ::releases{product="web-sdk" view="support"}  each minor version, its dates and status
 *   ::releases{product="web-sdk" view="policy"}   the support policy
 *
 * The end-of-support notices are not typed in the data: each is dated `notice_months` before a
 * minor version's end of support, and shown once that date is on or before `support.reviewed`.
 * `releaseNotes()` returns the same entries as data, for other outputs (such as a feed).
 */
import type {Directive} from '../directive';
import type {PhrasingContent, RootContent} from 'mdast';
import {DataError} from './load';
import {addMonths} from '../dates';
import type {Releases} from './types';
import {
  code,
  codeBlock,
  heading,
  inlineMarkdown,
  link,
  list,
  listItem,
  paragraph,
  strong,
  table,
  text,
} from '../mdast';
import type {Contract} from '../contract/contract';
import {substituteFacts} from '../facts/facts';
import type {Sources} from '../sources';

/** The parts of data/releases.yaml, from the type generated from its schema (./types). */
export type Product = Releases['products'][number];
export type Release = Product['releases'][number];
export type Change = Release['changes'][number];
export type Tag = Change['tag'];
export type Support = NonNullable<Product['support']>;
export type SupportedVersion = Support['versions'][number];
export type SupportStatus = SupportedVersion['status'];

/** One dated entry of the release notes: a release, or an end-of-support notice. */
export type ReleaseNote = {
  product: Product['id'];
  date: string;
  /** The release's version, or the minor version (x.y) a notice is about. */
  version: string;
  kind: 'release' | 'notice';
  /** The anchor of the entry on /revision-history. */
  anchor: string;
  title: string;
  changes: Change[];
};

const file = 'releases.yaml' as const;
const where = `data/${file}`;

export function loadProducts(sources: Sources): Product[] {
  return sources.data(file).products;
}

export function productOf(sources: Sources, id: string): Product {
  const product = loadProducts(sources).find((candidate) => candidate.id === id);
  if (!product) throw new DataError(`${where}: no product "${id}" (web-sdk, onprem)`);
  return product;
}

/** `3.4.1` → [3, 4, 1]. */
export const versionParts = (version: string): number[] => version.split('.').map(Number);

/** Newest first: compares semantic versions (or minor lines) numerically. */
export function compareVersionsDesc(a: string, b: string): number {
  const [pa, pb] = [versionParts(a), versionParts(b)];
  for (let index = 0; index < Math.max(pa.length, pb.length); index += 1) {
    const difference = (pb[index] ?? 0) - (pa[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The minor version line of a version: `3.4.1` → `3.4`. */
export const lineOf = (version: string): string => versionParts(version).slice(0, 2).join('.');

/** The date a minor version's end-of-support notice is due. */
export const noticeDate = (support: Support, version: SupportedVersion): string =>
  addMonths(version.end_of_support, -support.notice_months);

const anchorOf = (product: Product['id'], version: string, suffix = ''): string =>
  `${product}-${version.replace(/\./g, '-')}${suffix}`;

/** The anchor of a minor version's section on /revision-history. */
export const lineAnchor = (line: string): string => anchorOf('web-sdk', line);

/** The end-of-support notices due on or before `support.reviewed`, one per minor version. */
function dueNotices(product: Product, support: Support): ReleaseNote[] {
  return support.versions
    .filter((version) => noticeDate(support, version) <= support.reviewed)
    .map((version) => ({
      product: product.id,
      date: noticeDate(support, version),
      version: version.line,
      kind: 'notice',
      anchor: anchorOf(product.id, version.line, '-notice'),
      title: `End-of-support notice (${noticeDate(support, version)})`,
      changes: [
        {
          tag: 'Deprecated',
          text: `The ${product.name} ${version.line} reach their end of support on ${version.end_of_support}, ${support.support_months} months after ${version.line}.0. From that day they get no fixes. Move to a [supported version](/compatibility-matrix#supported-web-sdk-versions).`,
        },
      ],
    }));
}

/** Every entry of a product's release notes, newest first: releases and due notices. */
export function releaseNotes(product: Product): ReleaseNote[] {
  const notes: ReleaseNote[] = product.releases.map((release) => ({
    product: product.id,
    date: release.date,
    version: release.version,
    kind: 'release',
    anchor: anchorOf(product.id, release.version),
    title: `${release.version} (${release.date})`,
    changes: release.changes,
  }));
  const support = product.support;
  if (support) notes.push(...dueNotices(product, support));
  return notes.sort((a, b) =>
    a.date === b.date ? compareVersionsDesc(a.version, b.version) : a.date < b.date ? 1 : -1,
  );
}

/** A change's Markdown with each `%{key}` of a named fact filled in (`%{onprem.user}`). */
type Fill = (markdown: string) => string;

function changeList(changes: Change[], fill: Fill): RootContent {
  return list(
    false,
    changes.map((change) =>
      listItem(strong(text(`${change.tag}.`)), text(' '), ...inlineMarkdown(fill(change.text))),
    ),
  );
}

function entry(
  note: ReleaseNote,
  depth: 3 | 4,
  fill: Fill,
  details: PhrasingContent[] = [],
  after: RootContent[] = [],
): RootContent[] {
  return [
    heading(depth, note.title, note.anchor),
    ...(details.length > 0 ? [paragraph(...details)] : []),
    ...after,
    changeList(note.changes, fill),
  ];
}

const statusWords: Record<SupportStatus, string> = {
  current: 'Current',
  supported: 'Supported',
  deprecated: 'Deprecated',
  ended: 'Ended',
};

/** What a minor version's section says of its support window. */
function supportSentence(version: SupportedVersion): string {
  const first = `First released ${version.released}.`;
  switch (version.status) {
    case 'current':
      return `${first} The current version, supported until ${version.end_of_support}.`;
    case 'supported':
      return `${first} Supported until ${version.end_of_support}.`;
    case 'deprecated':
      return `${first} Deprecated: supported until ${version.end_of_support}, then no more fixes.`;
    case 'ended':
      return `${first} End of support ${version.end_of_support}: it gets no fixes.`;
  }
}

function versionOf(support: Support, line: string): SupportedVersion {
  const version = support.versions.find((candidate) => candidate.line === line);
  if (!version) throw new DataError(`${where}: support.versions has no line "${line}"`);
  return version;
}

/** Web SDK notes: a section per minor version, newest first, with its support window. */
function renderLines(product: Product, support: Support, fill: Fill): RootContent[] {
  const notes = releaseNotes(product);
  const lines = [...new Set(notes.map((note) => lineOf(note.version)))].sort(compareVersionsDesc);
  return lines.flatMap((line) => {
    const version = versionOf(support, line);
    return [
      heading(3, `Version ${line}`, lineAnchor(line)),
      paragraph(text(supportSentence(version))),
      ...notes.filter((note) => lineOf(note.version) === line).flatMap((note) => entry(note, 4, fill)),
    ];
  });
}

/**
 * How to verify an image's signature, with the product's public key, before the releases: the
 * command for the first image of the newest release, by its digest.
 */
function signingNote(product: Product, registry: string): RootContent[] {
  const newest = product.releases[0];
  const [image, digest] = Object.entries(newest?.images ?? {})[0] ?? [];
  if (!product.signing || !image || !digest) return [];
  return [
    paragraph(
      text(
        `Vultus signs every image and chart with ${product.signing.tool}. Pin an image by its digest, listed under its release, and verify it with the public key `,
      ),
      link(product.signing.public_key, text(product.signing.public_key)),
      text(':'),
    ),
    codeBlock(
      'bash',
      `cosign verify --key ${product.signing.public_key} \\\n  ${registry}/${image}@${digest}`,
    ),
  ];
}

/** The digests of a release's images and chart, as a table. */
function digestTable(release: Release | undefined, chart: string): RootContent[] {
  if (!release?.images) return [];
  const rows = Object.entries(release.images).map(([image, digest]) => [code(image), code(digest ?? '')]);
  if (release.chart) rows.push([code(chart), code(release.chart)]);
  return [table(['Image', 'Digest'], rows)];
}

/** On-premise notes: a section per release, with the Web SDK it needs and the models it serves. */
function renderReleaseList(product: Product, fill: Fill, sources: Sources): RootContent[] {
  const services = sources.data('onprem/services.yaml');
  const notes = releaseNotes(product).flatMap((note) => {
    const release = product.releases.find((candidate) => candidate.version === note.version);
    const details: PhrasingContent[] = [];
    if (release?.web_sdk) {
      const major = versionParts(release.web_sdk)[0] ?? 0;
      details.push(text(`Web SDK ${release.web_sdk} or a later ${major}.x version. `));
    }
    if (release?.models) {
      details.push(text('Default models: '));
      release.models.forEach((model, index) => {
        if (index > 0) details.push(text(', '));
        details.push({type: 'inlineCode', value: model});
      });
      details.push(text('.'));
    }
    return entry(note, 3, fill, details, digestTable(release, services.chart.name));
  });
  return [...signingNote(product, services.registry), ...notes];
}

function renderSupport(support: Support): RootContent[] {
  const versions = [...support.versions].sort((a, b) => compareVersionsDesc(a.line, b.line));
  return [
    table(
      ['Version', 'Latest release', 'First released', 'End of support', 'Status'],
      versions.map((version) => [
        [link(`/revision-history#${lineAnchor(version.line)}`, text(version.line))],
        version.latest,
        version.released,
        version.end_of_support,
        statusWords[version.status],
      ]),
    ),
    paragraph(
      text(`Statuses as of ${support.reviewed}. Each version's release notes are in the `),
      link('/revision-history#web-sdk-releases', text('revision history')),
      text('.'),
    ),
  ];
}

function renderPolicy(support: Support): RootContent[] {
  const numbers: Record<string, number> = {
    support_months: support.support_months,
    notice_months: support.notice_months,
    browser_notice_days: support.browser_notice_days,
  };
  const fill = (policy: string): string =>
    policy.replace(/\{(\w+)\}/g, (match, name: string) => {
      const value = numbers[name];
      if (value === undefined)
        throw new DataError(`${where}: unknown placeholder ${match} in support.policy`);
      return String(value);
    });
  return [
    table(
      ['Rule', 'Policy'],
      support.policy.map((row) => [row.rule, inlineMarkdown(fill(row.policy))]),
    ),
  ];
}

export function renderReleases(
  sources: Sources,
  attributes: Record<string, string>,
  contract: Contract,
): RootContent[] {
  const id = attributes.product;
  if (!id) throw new DataError('::releases needs product="…" (web-sdk, onprem)');
  const product = productOf(sources, id);
  const view = attributes.view ?? 'notes';
  const fill: Fill = (markdown) => substituteFacts(contract, sources, markdown, where);
  if (view === 'notes') {
    return product.support
      ? renderLines(product, product.support, fill)
      : renderReleaseList(product, fill, sources);
  }
  if (!product.support) throw new DataError(`${where}: product "${id}" has no support policy`);
  if (view === 'support') return renderSupport(product.support);
  if (view === 'policy') return renderPolicy(product.support);
  throw new DataError(`::releases: unknown view "${view}" (notes, support, policy)`);
}

/** The `::releases` directive, registered in remark.ts. */
export const releaseDirectives: Directive[] = [
  {
    name: 'releases',
    syntax: 'leaf',
    attributes: ['product', 'view'],
    summary:
      'release notes of the Web SDKs (`product="web-sdk"`) or the on-premise images (`product="onprem"`) from `data/releases.yaml`, each change tagged, with the end-of-support notices the policy sets; `view="support"`: the Web SDK versions with their support dates and status; `view="policy"`: the support policy',
    render: (attributes, {sources, contract}) => renderReleases(sources, attributes, contract),
  },
];

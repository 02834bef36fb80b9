/**
 * British and American spellings of a word (`licence` → `license`, `localisation` →
 * `localization`, `enrolment` → `enrollment`, `colour` → `color`), by the regular patterns of
 * English spelling. A variant the docs never use finds nothing, so a rule may overreach.
 */
const rules: [RegExp, string][] = [
  // -our / -or: colour, behaviour, favourite
  [/our(s|ed|ing|ful|ite|ites|able)?$/, 'or$1'],
  [/([^aeiou])or(s|ed|ing|ful|ite|ites|able)?$/, '$1our$2'],
  // -ise / -ize, -isation / -ization: localise, authorisation, customising
  [/is(e|es|ed|ing|er|ers|ation|ations)$/, 'iz$1'],
  [/iz(e|es|ed|ing|er|ers|ation|ations)$/, 'is$1'],
  // -yse / -yze: analyse
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/yz(e|es|ed|ing)$/, 'ys$1'],
  // -ence / -ense: licence, defence, offence (and licenced, licencing)
  [/enc(e|es|ed|ing)$/, 'ens$1'],
  [/ens(e|es|ed|ing)$/, 'enc$1'],
  // -tre / -ter: centre, metre
  [/([^aeiou])tre(s|d)?$/, '$1ter$2'],
  [/([^aeiou])ter(s|ed)?$/, '$1tre$2'],
  // -logue / -log: catalogue, dialogue
  [/logue(s)?$/, 'log$1'],
  [/log(s)?$/, 'logue$1'],
  // doubled l: cancelled, modelling, labelled; enrolment, fulfil
  [/([aeiou])ll(ed|ing|er|ers)$/, '$1l$2'],
  [/([aeiou])l(ed|ing|er|ers)$/, '$1ll$2'],
  [/([^l])lment(s)?$/, '$1llment$2'],
  [/llment(s)?$/, 'lment$1'],
  [/([aeiou])l$/, '$1ll'],
  [/([aeiou])ll$/, '$1l'],
  // judgement, acknowledgement; ageing; grey; programme
  [/gement(s)?$/, 'gment$1'],
  [/gment(s)?$/, 'gement$1'],
  [/^ageing$/, 'aging'],
  [/^aging$/, 'ageing'],
  [/^grey$/, 'gray'],
  [/^gray$/, 'grey'],
  [/^programme(s)?$/, 'program$1'],
];

/** Other spellings of a lower-case word, without the word itself. */
export function spellingVariants(word: string): string[] {
  if (!/^[a-z]{4,}$/.test(word)) return [];
  const variants = new Set<string>();
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) variants.add(word.replace(pattern, replacement));
  }
  variants.delete(word);
  return [...variants];
}

/**
 * What a named fact is: a value of the contract or data/ that pages state (`:fact{key="…"}`,
 * `%{key}`), with the spellings a page could type it in and the words that name it. ./facts.ts
 * collects them all and renders them; ./metrics/facts.ts makes those of data/metrics/.
 */
export interface Fact {
  key: string;
  /** The value as a page shows it. */
  value: string;
  /** The number behind the value, where it is one: what `as="MB"`, `as="minutes"` or `as="percent"` format. */
  number?: number;
  /** Where it lives, for messages: `data/onprem/services.yaml: version`. */
  source: string;
  /** How a page could type it: the value and its other spellings ("24 hours", "1 day"). */
  forms: string[];
  /** Words that name the fact; a typed form counts only near one of them. Empty: anywhere. */
  names: string[];
  /** A word that must also be near: `default` for a default, so a sample's chosen value is not one. */
  requires?: string;
}

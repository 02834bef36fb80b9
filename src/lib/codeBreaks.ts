/**
 * Where inline code longer than an identifier may break across lines: after a run of separators
 * (`/ . : @ _ = ? & , -`) that follows a part, before the next part (a letter, a digit after
 * anything but a `.`, an opening brace or bracket). Not between `//`, not inside a version
 * (`5.2.0`), not after a separator that starts the code or a word (`/liveness`, `POST /media`):
 * `registry.vultus.example/onprem/face-search:5.2.0` breaks after a `/` or a `.`, never inside
 * `registry` or `face`. The build marks these places with `<wbr>` in Markdown
 * (plugins/rehype-inline-code.ts) and the components that render a URL do the same.
 */
const breakAfter = /(?<=[^/.:@_=?&,\s-][/.:@_=?&,-]+)(?=[\p{L}{[(<$]|(?<![.])\d)/gu;

/** A long code's text in the pieces between the places it may break. */
export function codePieces(text: string): string[] {
  return text.split(breakAfter);
}

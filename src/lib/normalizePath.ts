/**
 * The site spec asks for paths ending in `.html` or `/index` to be normalized to
 * the plain path: `/auth.html` → `/auth`, `/index.html` → `/`, `/services/index` → `/services`.
 * Returns the plain path, or `null` when the path is already plain.
 */
export function normalizePath(pathname: string): string | null {
  const plain = pathname
    .replace(/\/index(?:\.html)?$/, '/')
    .replace(/\.html$/, '')
    .replace(/(.)\/$/, '$1');
  return plain === pathname ? null : plain;
}

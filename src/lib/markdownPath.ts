/** The address of a docs page's Markdown version: /services/face-match → /services/face-match.md, / → /index.md. */
export const markdownPath = (route: string): string =>
  route === '/' ? '/index.md' : `${route.replace(/\/$/, '')}.md`;

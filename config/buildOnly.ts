/**
 * Options that exist for the build only. Docusaurus copies the whole site configuration into the
 * client bundle, plugin options included, so a remark plugin's `{siteDir}` would ship the build
 * machine's path to every reader, and a build on another machine would differ from this one. An
 * object marked here stays what it is for the build and serialises to nothing.
 */
export function buildOnly<T extends object>(options: T): T {
  return Object.defineProperty(options, 'toJSON', {value: () => undefined, enumerable: false});
}

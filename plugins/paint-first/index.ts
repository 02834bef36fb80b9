/**
 * The page paints before its bundles run.
 *
 * Docusaurus's page template loads the bundles with `<script defer>` in the head. When they
 * arrive before the first frame (a fast network, a warm cache), the browser runs them before it
 * paints, and the server-rendered page stays blank while React starts: on a phone that is most
 * of the time to the largest paint. Here the head preloads the bundles (they download as early as
 * before, at the same low priority), and a small script at the end of the body inserts them, in
 * order, once the browser reports its first contentful paint.
 *
 * Ejected from @docusaurus/core@3.10.2 (lib/ssg/ssgTemplate.html.js): `ssrTemplate` is Docusaurus's
 * default SSG template with the scripts turned into preloads, written compactly: Docusaurus ships
 * the whole site config, this template included, in every page's main bundle. The boot script goes in through
 * this plugin's `injectHtmlTags`, which is not shipped. It is the same on every page, so the
 * Content-Security-Policy keeps one hash for it (deploy/nginx/csp.conf, `npm run csp`). Only
 * `docusaurus build` uses the template; `docusaurus start` serves its own page.
 */
import type {Plugin} from '@docusaurus/types';

export const ssrTemplate = [
  '<!DOCTYPE html>',
  '<html <%~ it.htmlAttributes %>>',
  '<head>',
  '<meta charset="UTF-8">',
  '<meta name="generator" content="Docusaurus v<%= it.version %>">',
  '<%~ it.metaAttributes.join("") %>',
  '<%~ it.headTags %>',
  '<% it.stylesheets.forEach((file) => { %><link rel="stylesheet" href="<%= it.baseUrl %><%= file %>" /><% }); %>',
  '<% it.scripts.forEach((file) => { %><link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= file %>" data-vultus-boot /><% }); %>',
  '</head>',
  '<body <%~ it.bodyAttributes %>>',
  '<%~ it.preBodyTags %>',
  '<div id="__docusaurus"><%~ it.appHtml %></div>',
  '<%~ it.postBodyTags %>',
  '</body>',
  '</html>',
].join('\n');

/**
 * Inserts the preloaded bundles once the page has painted: on the browser's first contentful
 * paint entry, straight away in a hidden tab (it paints nothing) or where paint timing is not
 * supported (after the next frame), and after a second whatever happens, so a browser that never
 * reports the paint still gets an interactive page.
 */
export const bootScript = `(function () {
  var booted = false;
  function boot() {
    if (booted) return;
    booted = true;
    document.querySelectorAll('link[data-vultus-boot]').forEach(function (link) {
      var script = document.createElement('script');
      script.src = link.href;
      script.async = false;
      document.body.appendChild(script);
    });
  }
  if (document.visibilityState === 'hidden') return boot();
  setTimeout(boot, 1000);
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) throw new Error('no paint timing');
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        boot();
      }
    }).observe({type: 'paint', buffered: true});
  } catch (error) {
    requestAnimationFrame(function () {
      setTimeout(boot, 0);
    });
  }
})();`;

export default function paintFirstPlugin(): Plugin {
  return {
    name: 'vultus-paint-first',
    injectHtmlTags() {
      return {postBodyTags: [{tagName: 'script', innerHTML: bootScript}]};
    },
  };
}

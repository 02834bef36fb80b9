import {spawnSync} from 'node:child_process';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {externalLinks, siteUrl} from './config/links';
import {clientRedirectsOptions} from './config/redirects';
import remarkHighlightCode from './plugins/code-highlight/remark';
import {additionalLanguages, codeTheme, magicComments} from './config/prism';
import remarkVultusContract from './plugins/vultus-contract/remark';
import {Sources} from './plugins/vultus-contract/sources';
import rehypeRowAnchors from './plugins/rehype-row-anchors';
import rehypeTableScroll from './plugins/rehype-table-scroll';
import rehypeInlineCode from './plugins/rehype-inline-code';
import {ssrTemplate} from './plugins/paint-first';
import {searchOptions} from './config/search';
import {parseFrontMatter} from './config/frontMatter';
import {buildOnly} from './config/buildOnly';
import {currentModelVersion, readModelVersions} from './plugins/vultus-contract/contract/models';
import {ContractError} from './plugins/vultus-contract/contract/contract';

// This runs in Node.js: no browser APIs, no JSX.

/**
 * The face model the announcement bar names: the current one of the contract's x-model-versions.
 * None while the contract does not load: the vultus-contract plugin then fails the build with the
 * contract's own error (file and line), which a failing site config would hide behind its own.
 */
function currentFaceModel(): string | undefined {
  try {
    return currentModelVersion(readModelVersions(__dirname), 'face-match');
  } catch (error) {
    if (error instanceof ContractError) return undefined;
    throw error;
  }
}
const faceModel = currentFaceModel();

/**
 * Pages show their last change, and the sitemap gives it as <lastmod>, from git. A copy of the site
 * outside a git checkout (an archive, the build tests' copies) builds without those dates instead
 * of failing on every page.
 */
const inGitCheckout =
  spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: __dirname,
    encoding: 'utf8',
  }).stdout?.trim() === 'true';

/**
 * The site's sources (the contract, data/, the partials, the docs pages), loaded once and handed to
 * the remark plugin that renders the pages from them and to the vultus-contract plugin, which
 * declares to the bundler the files each page was rendered from: an edit to one of them reaches its
 * pages in `npm start` and in a warm build (plugins/vultus-contract/sources.ts).
 */
const sources = new Sources(__dirname);

const config: Config = {
  title: 'Vultus Docs',
  tagline: 'Face biometrics and identity verification APIs, documented end to end',
  favicon: 'img/favicon.ico',
  // contract/openapi.yaml is published as /openapi.yaml by plugins/vultus-contract, values in place.
  staticDirectories: ['static'],
  url: siteUrl,
  baseUrl: '/',
  // Routes are /auth, never /auth/ (DECISIONS.md, "Routes").
  trailingSlash: false,
  titleDelimiter: '|',
  // The page paints before the bundles run (plugins/paint-first).
  ssrTemplate,

  future: {
    // Docusaurus v4 behaviour and Docusaurus Faster (Rspack + SWC), as the 3.10 template.
    v4: true,
    faster: true,
    ...(inGitCheckout ? {} : {experimental_vcs: 'disabled' as const}),
  },

  // Broken links, anchors and Markdown links fail the build, naming the file.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  markdown: {
    // .md files are CommonMark (no JSX); .mdx files are MDX.
    format: 'detect',
    // A docs page without a title or description, or with a field Docusaurus ignores, fails here.
    parseFrontMatter,
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },

  clientModules: ['./src/clientModules/normalizeUrl.ts', './src/clientModules/idlePrefetch.ts'],

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  presets: [
    [
      'classic',
      {
        docs: {
          // Docs live at the site root: / is the intro, /auth is docs/auth.md.
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          // Contract directives (::operation, ::decline-reasons, …) expand before the
          // default plugins, so their headings reach the table of contents.
          beforeDefaultRemarkPlugins: [[remarkVultusContract, buildOnly({sources})]],
          remarkPlugins: [remarkHighlightCode],
          rehypePlugins: [rehypeRowAnchors, rehypeTableScroll, rehypeInlineCode],
          // The page's last change from git: shown under the page, and the sitemap's <lastmod>.
          showLastUpdateTime: true,
        },
        blog: {
          showReadingTime: true,
          remarkPlugins: [remarkHighlightCode],
          rehypePlugins: [rehypeRowAnchors, rehypeTableScroll, rehypeInlineCode],
          blogDescription: 'Notes from the team that writes the Vultus developer documentation.',
          feedOptions: {type: ['rss', 'atom'], xslt: true},
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
        },
        pages: {remarkPlugins: [remarkHighlightCode]},
        theme: {
          customCss: [
            './src/css/custom.css',
            './src/css/code.css',
            './src/css/charts.css',
            './src/css/api-reference.css',
          ],
        },
        sitemap: {
          lastmod: 'date',
          ignorePatterns: ['/search'],
        },
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    '@docusaurus/theme-mermaid',
    // The search plugin's box and /search page, with our index and query (plugins/search).
    ['./plugins/search/index.ts', searchOptions],
  ],

  plugins: [
    ['./plugins/vultus-contract/index.ts', buildOnly({sources})],
    './plugins/code-highlight/index.ts',
    // The browser bundle takes only the tslib helpers it uses.
    './plugins/client-tslib/index.ts',
    // `npm start` compiles a page when the browser first asks for it. Not listed for the build
    // (which sets NODE_ENV before it loads this file): the build does nothing with it, and
    // Docusaurus names every plugin in the client bundle.
    ...(process.env.NODE_ENV === 'production' ? [] : ['./plugins/dev-lazy-pages/index.ts']),
    './plugins/paint-first/index.ts',
    // /robots.txt, naming the sitemap.
    './plugins/site-files/index.ts',
    // An edit to the site's build code makes the next build cold.
    './plugins/build-cache/index.ts',
    ['./plugins/client-redirects/index.ts', clientRedirectsOptions],
  ],

  themeConfig: {
    // The social card (og:image, twitter:image); scripts/social-card.html is its source.
    image: 'img/social-card.jpg',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      // Follow the system preference until the reader picks a mode.
      respectPrefersColorScheme: true,
    },
    // Its id comes from the model it announces (`face-match-v4-2`): it stays the same while that
    // model is current, so a reader who closed the bar does not see it again, and a new current
    // model shows the bar again. A bar that announces something else needs an id of its own.
    announcementBar:
      faceModel === undefined
        ? undefined
        : {
            id: faceModel.replace(/\./g, '-'),
            content: `Model <code>${faceModel}</code> is now the default for face match and search. <a href="/revision-history">See what changed</a>.`,
            isCloseable: true,
          },
    docs: {
      sidebar: {hideable: true, autoCollapseCategories: true},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      // The logo reads "Vultus"; with this title the bar reads "Vultus Docs".
      title: 'Docs',
      hideOnScroll: false,
      logo: {alt: 'Vultus', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg', width: 100, height: 32},
      items: [
        {to: '/', label: 'RESTful API', position: 'left', activeBaseRegex: '^/(?!blog)'},
        // The spec opens the mobile SDK docs in the same tab, the other external links in a new one.
        {href: externalLinks.mobileSdks, label: 'Mobile SDKs', position: 'left', target: '_self'},
        {to: '/blog', label: 'Blog', position: 'left'},
        {href: externalLinks.status, label: 'Status', position: 'right'},
        {href: externalLinks.contact, label: 'Contact Us', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Get started',
          items: [
            {label: 'Introduction', to: '/'},
            {label: 'Authentication', to: '/auth'},
            {label: 'Decline reasons', to: '/decline-reasons'},
          ],
        },
        {
          title: 'Build',
          items: [
            {label: 'Web SDK', to: '/webSDK/web-sdk'},
            {label: 'On-premise', to: '/onprem-services/merged-solutions'},
            {label: 'Mobile SDKs', href: externalLinks.mobileSdks},
          ],
        },
        {
          title: 'Vultus',
          items: [
            {label: 'Status', href: externalLinks.status},
            {label: 'Contact Us', href: externalLinks.contact},
            {label: 'Blog', to: '/blog'},
          ],
        },
      ],
      copyright: 'Copyright © 2025 Vultus',
    },
    prism: {
      theme: codeTheme,
      darkTheme: codeTheme,
      additionalLanguages,
      magicComments,
    },
    mermaid: {
      theme: {light: 'neutral', dark: 'dark'},
    },
  } satisfies Preset.ThemeConfig,
};

export default config;

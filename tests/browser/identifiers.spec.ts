/**
 * No identifier breaks inside itself, on any docs page, on a laptop (1280 px) and a phone
 * (390 px): inline code of 24 characters or fewer (a field, an error code, a short image name, a
 * header) stays on one line wherever it stands, in prose, lists and every table. A table too
 * wide for its column scrolls in its own region (plugins/rehype-table-scroll.ts); it does not
 * crush words, and the page itself never scrolls sideways. Longer code (a URL, an image name, a
 * command) breaks only between its parts (src/lib/codeBreaks.ts), never inside a word of it (a run
 * of letters and digits) of 24 characters or fewer: `registry.vultus.example/` `onprem/`
 * `face-search:5.2.0`, not `registr`/`y.vul`. Measured on the server-rendered pages (the layout is
 * CSS, the same with JavaScript).
 */
import {test, expect, pageMap} from './fixtures';

/** The longest inline code that must stay on one line. */
const identifierLength = 24;

test.describe('server-rendered', () => {
  test.use({javaScriptEnabled: false});

  for (const width of [1280, 390]) {
    test(`at ${width} px no inline code of ${identifierLength} characters or fewer breaks, nor a word of longer code, on any docs page`, async ({
      readingPage: page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({width, height: 900});
      const problems: string[] = [];
      for (const {route} of pageMap.docs) {
        await page.goto(route);
        const found = await page.evaluate((longest) => {
          const out: string[] = [];
          for (const details of document.querySelectorAll('article details'))
            details.setAttribute('open', '');
          const lines = (range: Range): number =>
            new Set(
              [...range.getClientRects()]
                .filter((rect) => rect.width > 0)
                .map((rect) => Math.round(rect.top)),
            ).size;
          for (const code of document.querySelectorAll('article code')) {
            if (code.closest('pre')) continue;
            const text = (code.textContent ?? '').trim();
            if (text.length === 0) continue;
            const range = document.createRange();
            if (text.length <= longest) {
              range.selectNodeContents(code);
              const count = lines(range);
              if (count > 1) out.push(`\`${text}\` breaks across ${count} lines`);
              continue;
            }
            // Longer code: each word of it (a run of letters and digits), in the text node that holds it.
            const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const part of (node.textContent ?? '').matchAll(/[\p{L}\p{N}]+/gu)) {
                if (part[0].length > longest) continue;
                range.setStart(node, part.index);
                range.setEnd(node, part.index + part[0].length);
                const count = lines(range);
                if (count > 1) out.push(`\`${part[0]}\` of \`${text}\` breaks across ${count} lines`);
              }
            }
          }
          const root = document.scrollingElement ?? document.documentElement;
          if (root.scrollWidth > window.innerWidth) out.push(`the page is ${root.scrollWidth} px wide`);
          return out;
        }, identifierLength);
        problems.push(...found.map((problem) => `${route}: ${problem}`));
      }
      expect(problems).toEqual([]);
    });
  }
});

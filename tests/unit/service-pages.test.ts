/**
 * Every service page carries what a developer needs for a first request: an endpoint
 * header (an operation reference), a sample in cURL, JavaScript and Python, a response
 * example, and a link to the decline-reason catalogue; session flows have a diagram.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeBlocks, metaValue, renderedDocs} from './helpers/pages';

const servicePages = [
  '/services/face-match',
  '/services/face-search',
  '/services/age-estimation',
  '/services/interactive',
  '/services/non-interactive',
  '/services/3d-liveness-detection',
  '/services/deepfake-liveness',
  '/services/document-verification',
  '/services/document-ocr',
  '/services/account-deduplication',
  '/services/aml',
  '/services/kyc-offsite',
  '/services/onprem-liveness-detection',
  '/enrollment/face-enrollment',
];

/** Pages whose flow is a session created by the server and completed in the browser. */
const sessionPages = [
  '/services/interactive',
  '/services/non-interactive',
  '/services/3d-liveness-detection',
  '/services/deepfake-liveness',
  '/services/document-verification',
  '/services/kyc-offsite',
];

test('every service page has an endpoint, samples in three languages, a response example and a link to the decline reasons', async () => {
  const pages = await renderedDocs();
  const problems: string[] = [];
  for (const route of servicePages) {
    const page = pages.find((candidate) => candidate.route === route);
    if (!page) {
      problems.push(`${route}: no page`);
      continue;
    }
    const blocks = codeBlocks(page.tree);
    if (!/^::operation\{id="[^"]+"\}/m.test(page.source))
      problems.push(`${route}: no operation reference (endpoint header)`);
    for (const lang of ['bash', 'javascript', 'python']) {
      if (!blocks.some((block) => block.lang === lang)) problems.push(`${route}: no ${lang} sample`);
    }
    if (
      !blocks.some(
        (block) => block.lang === 'json' && /^"?Response/.test(metaValue(block.meta, 'title') ?? ''),
      )
    ) {
      problems.push(`${route}: no response example`);
    }
    if (!/\]\((?:\.\.\/)*decline-reasons(?:\.md)?(?:#[^)]*)?\)|\]\(\/decline-reasons/.test(page.markdown)) {
      problems.push(`${route}: no link to /decline-reasons`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every session-based service page shows its flow as a sequence diagram', async () => {
  const pages = await renderedDocs();
  const missing = sessionPages.filter((route) => {
    const page = pages.find((candidate) => candidate.route === route);
    return (
      !page ||
      !codeBlocks(page.tree).some((block) => block.lang === 'mermaid' && /sequenceDiagram/.test(block.value))
    );
  });
  assert.deepEqual(missing, []);
});

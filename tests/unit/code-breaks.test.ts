/** Where long inline code may break (src/lib/codeBreaks.ts): between its parts, never inside a word. */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codePieces} from '../../src/lib/codeBreaks';

test('long code breaks after a run of separators, before the next part, and nowhere else', () => {
  const breaks = (text: string): string => codePieces(text).join('|');
  assert.equal(
    breaks('registry.vultus.example/onprem/face-search:5.2.0'),
    'registry.|vultus.|example/|onprem/|face-|search:|5.2.0',
    'an image name: after its dots, slashes, hyphen and colon; not inside its version',
  );
  assert.equal(
    breaks('https://api.vultus.example/v1/client-tokens'),
    'https://|api.|vultus.|example/|v1/|client-|tokens',
  );
  assert.equal(
    breaks('POST /sandbox/sessions/{session_id}/complete'),
    'POST /sandbox/|sessions/|{session_|id}/|complete',
    'not after the slash that starts a path',
  );
  assert.equal(breaks('LIVENESS.INJECTION_SUSPECTED'), 'LIVENESS.|INJECTION_|SUSPECTED');
  assert.equal(
    breaks('WKWebViewConfiguration.mediaTypesRequiringUserActionForPlayback'),
    'WKWebViewConfiguration.|mediaTypesRequiringUserActionForPlayback',
  );
  assert.equal(codePieces('a plain phrase of words').length, 1, 'spaces break by themselves');
  for (const text of [
    'registry.vultus.example/onprem/face-search:5.2.0',
    'POST /media?x=1&y=2',
    '@vultus/web-sdk@3.4.1',
  ])
    assert.equal(codePieces(text).join(''), text, `${text}: the pieces are the text`);
});

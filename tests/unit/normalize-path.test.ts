import {test} from 'node:test';
import assert from 'node:assert/strict';
import {normalizePath} from '../../src/lib/normalizePath';

test('drops a trailing .html', () => {
  assert.equal(normalizePath('/auth.html'), '/auth');
  assert.equal(normalizePath('/services/face-match.html'), '/services/face-match');
});

test('drops a trailing /index and /index.html', () => {
  assert.equal(normalizePath('/index'), '/');
  assert.equal(normalizePath('/index.html'), '/');
  assert.equal(normalizePath('/services/index'), '/services');
  assert.equal(normalizePath('/blog/index.html'), '/blog');
});

test('leaves plain paths alone', () => {
  for (const path of ['/', '/auth', '/services/face-match', '/blog/tags', '/indexes', '/webSDK/web-sdk']) {
    assert.equal(normalizePath(path), null, path);
  }
});

/**
 * Any image input takes a `media_id`: an upload of `POST /media`, or a media id Vultus returned in
 * a field of another object (a liveness session's `reference_media_id`, a document verification's
 * `portrait_media_id`). The description of `Image.media_id`, and the image object on /requests, say
 * so for every such field, so no reader concludes that only uploads are accepted.
 *
 * Run: node --import tsx --test tests/unit/media-ids.test.ts
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {type JsonSchema} from '../../plugins/vultus-contract/contract/contract';
import path from 'node:path';
import {renderPageMarkdown} from '../../plugins/vultus-contract/outputs/markdown';
import {docsDir, sources, withDocs} from './helpers/pages';

const mediaIdRef = '#/components/schemas/MediaId';

/** A schema that is a MediaId, or `null` or a MediaId. */
const holdsMediaId = (schema: JsonSchema): boolean =>
  schema.$ref === mediaIdRef || (schema.oneOf ?? []).some((branch) => branch.$ref === mediaIdRef);

/** The fields of the contract's objects, other than the image input itself, that return a media id. */
function returnedMediaIds(schemas: Record<string, JsonSchema>): string[] {
  const names = new Set<string>();
  const visit = (schema: JsonSchema | undefined, owner: string): void => {
    if (!schema) return;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (owner !== 'Image' && name !== 'id' && holdsMediaId(property)) names.add(name);
      visit(property, owner);
    }
    for (const branch of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])])
      visit(branch, owner);
    if (schema.items) visit(schema.items, owner);
  };
  for (const [name, schema] of Object.entries(schemas)) {
    if (/Request$/.test(name)) continue; // what the reader sends, not what Vultus returns
    visit(schema, name);
  }
  return [...names].sort();
}

test('Image.media_id and the /requests image object name every media id Vultus returns', async () => {
  const contract = await sources.contract();
  const returned = returnedMediaIds(contract.raw.components.schemas);
  assert.ok(
    returned.includes('reference_media_id') && returned.includes('portrait_media_id'),
    returned.join(', '),
  );
  const description = contract.document.components.schemas.Image?.properties?.media_id?.description ?? '';
  const page = await renderPageMarkdown(await withDocs(), path.join(docsDir, 'requests.md'));
  const bullet = page.markdown.split('\n').find((line) => line.startsWith('- `media_id`:')) ?? '';
  for (const [where, text] of [
    ['Image.media_id', description],
    ['/requests, the media_id bullet', bullet],
  ] as const) {
    assert.match(text, /POST \/media/, `${where}: uploads`);
    const missing = returned.filter((name) => !text.includes(`\`${name}\``));
    assert.deepEqual(missing, [], `${where}: media ids it does not name`);
  }
});

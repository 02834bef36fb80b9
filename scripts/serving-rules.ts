/**
 * Writes deploy/nginx/*.conf from the serving rules, deploy/rules.ts: `npm run serving-rules`. Run
 * it after editing the rules; tests/unit/serving-rules.test.ts fails until the files are written.
 * (The build writes `_headers` and `_redirects` for Netlify and Cloudflare Pages from the same rules.)
 */
import {writeNginxFiles} from './lib/servingRules';

writeNginxFiles()
  .then((written) =>
    console.log(written.length > 0 ? `written: ${written.join(', ')}` : 'deploy/nginx is up to date'),
  )
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });

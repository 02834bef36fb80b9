/**
 * The MCP server: five tools over the docs (./docs.ts), each input validated by its schema, each
 * answer Markdown text a model reads as a page. A name the site does not have is answered with the
 * nearest names it has (`isError`, so the assistant asks again), never with a stack trace.
 */
import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';
import {Docs, NotFound} from './docs';
import {
  contentKinds,
  deployments,
  statuses,
  type ContentKind,
  type Deployment,
  type Status,
} from '../../src/lib/search/facets';
import {SiteError, type Site} from './site';
import {version} from './version';

type ToolAnswer = {
  content: {type: 'text'; text: string}[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

const answer = (text: string): ToolAnswer => ({content: [{type: 'text', text}]});

/** Where a decline reason is raised on-premise: its containers, or that it is cloud only. */
const onPremiseOf = (containers: string[]): string =>
  containers.length === 0
    ? 'no, cloud only'
    : `raised by the ${containers.join(', ')} container${containers.length > 1 ? 's' : ''}`;

/**
 * Runs a tool, answering a name the site lacks or a site that cannot be read as text; a tool that
 * also answers as data returns `{text, data}`.
 */
async function tool(
  run: () => Promise<string | {text: string; data: Record<string, unknown>}>,
): Promise<ToolAnswer> {
  try {
    const result = await run();
    return typeof result === 'string'
      ? answer(result)
      : {...answer(result.text), structuredContent: result.data};
  } catch (error) {
    if (error instanceof NotFound || error instanceof SiteError)
      return {...answer(error.message), isError: true};
    return {
      ...answer(`The docs server failed: ${error instanceof Error ? error.message : String(error)}`),
      isError: true,
    };
  }
}

const instructions = `Vultus Docs: the developer documentation of the Vultus face-biometrics and identity-verification API (REST API, Web SDKs, on-premise containers).
Use search_docs to find where something is documented, then get_page for the page (Markdown) or get_operation for an API operation with its contract.
get_error_code explains an API error code (rate_limited) or a decline reason (FACE.NO_FACE): HTTP status, whether to retry, what to show the user, how to trigger it in the sandbox.
Quote values (limits, thresholds, field names) from these answers rather than from memory: they come from the published contract.`;

export function createServer(site: Site): McpServer {
  const docs = new Docs(site);
  const server = new McpServer({name: 'vultus-docs', title: 'Vultus Docs', version}, {instructions});

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Vultus docs',
      description:
        'Searches the Vultus docs with the search of the site (the same index, synonyms and ranking as its search box). Returns the best places first: title, where it sits, and the address with its anchor.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .describe(
            'What to look for, as you would type it: "webhook signature", "FACE.NO_FACE", "how do I retry a 429"',
          ),
        limit: z
          .number()
          .int()
          .min(1)
          .max(20)
          .default(8)
          .describe('How many results, 1 to 20 (8 by default)'),
        kind: z
          .enum(contentKinds.map((kind) => kind.id) as [ContentKind, ...ContentKind[]])
          .optional()
          .describe(
            `Only results of this kind, as the filters of the site's search page: ${contentKinds
              .map((kind) => `${kind.id} (${kind.label.toLowerCase()})`)
              .join(', ')}`,
          ),
        deployment: z
          .enum(deployments.map((deployment) => deployment.id) as [Deployment, ...Deployment[]])
          .optional()
          .describe('Only results about this deployment: cloud or on-premise'),
        status: z
          .enum(statuses.map((status) => status.id) as [Status, ...Status[]])
          .optional()
          .describe('Only results that are deprecated: deprecated fields, parameters and model versions'),
      },
      outputSchema: {
        results: z.array(
          z.object({
            title: z.string(),
            kind: z.string(),
            deprecated: z.boolean(),
            page: z.string(),
            section: z.string(),
            url: z.string(),
            markdown: z.string(),
          }),
        ),
      },
    },
    ({query, limit, kind, deployment, status}) =>
      tool(async () => {
        const filter = {
          ...(kind ? {kind} : {}),
          ...(deployment ? {deployment} : {}),
          ...(status ? {status} : {}),
        };
        const results = (await docs.search(query, limit, filter)).map((hit) => ({
          title: hit.title,
          kind: hit.contentKind,
          deprecated: hit.deprecated,
          page: hit.pageTitle,
          section: hit.section,
          url: docs.url(hit.route, hit.hash.replace(/^#/, '')),
          markdown: docs.markdownUrl(hit.route),
        }));
        const nearest = results.length === 0 ? await docs.nearest(query) : [];
        const text =
          results.length === 0
            ? `No results for "${query}". ${
                nearest.length > 0
                  ? `The nearest terms: ${nearest.map((term) => `"${term}"`).join(', ')}.`
                  : 'Try fewer or other words, or list_pages.'
              }`
            : results
                .map((result, index) => {
                  const where = [result.page, result.section]
                    .filter((part) => part && part !== result.title)
                    .join(' › ');
                  const label = [result.kind, ...(result.deprecated ? ['deprecated'] : [])].join(', ');
                  return `${index + 1}. ${result.title}${where ? ` (${where})` : ''} [${label}]\n   ${result.url}\n   Markdown: ${result.markdown}`;
                })
                .join('\n');
        return {text, data: {results}};
      }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a Vultus docs page',
      description:
        'Returns a docs page as Markdown, by its route (/services/face-match), its address, or its title.',
      inputSchema: {
        page: z
          .string()
          .trim()
          .min(1)
          .max(300)
          .describe('The page: "/auth", "https://docs.vultus.example/requests", or "Face match"'),
      },
    },
    ({page}) =>
      tool(async () => {
        // The Markdown version names its own source under its title.
        return (await docs.page(page)).markdown;
      }),
  );

  server.registerTool(
    'get_operation',
    {
      title: 'Read a Vultus API operation',
      description:
        'Returns an API operation by its operationId (matchFaces) or as METHOD /path (POST /face/match): its reference from the docs, as Markdown, and its part of the OpenAPI contract with the components it uses, as YAML.',
      inputSchema: {
        operation: z
          .string()
          .trim()
          .min(1)
          .max(300)
          .describe(
            '"matchFaces", "POST /face/match" or "GET /liveness/interactive/sessions/lvs_FJQkIVf2l8EeB4ORcJpJR32K"',
          ),
      },
    },
    ({operation}) =>
      tool(async () => {
        const found = await docs.operation(operation);
        const markdown = await docs.operationMarkdown(found);
        return [
          `# ${found.method} ${found.path} (${found.operationId})`,
          `Reference: ${docs.operationUrl(found)}`,
          markdown,
          `## OpenAPI contract (from ${site.baseUrl}/openapi.yaml)\n\n\`\`\`yaml\n${await docs.operationContract(found)}\`\`\``,
        ]
          .filter(Boolean)
          .join('\n\n');
      }),
  );

  server.registerTool(
    'get_error_code',
    {
      title: 'Explain a Vultus error code or decline reason',
      description:
        'Returns a catalogue entry: for an API error code (parameter_invalid, rate_limited) its HTTP status, type, whether to retry, its message and fix; for a decline reason (FACE.NO_FACE) its decision, whether the user may retry, the message to show the user, and how to trigger it in the sandbox.',
      inputSchema: {
        code: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe('"rate_limited", "429 rate_limited" or "FACE.NO_FACE"'),
      },
    },
    ({code}) =>
      tool(async () => {
        const found = await docs.code(code);
        if (found.kind === 'error code') {
          const {entry} = found;
          return [
            `# ${entry.code} (error code)`,
            `- HTTP status: ${entry.status ?? `none (raised by the ${entry.raised_by ?? 'SDK'}, not returned by the API)`}`,
            `- Type: ${entry.type}`,
            `- Retryable: ${entry.retryable ? 'yes' : 'no'}`,
            `- Stored under its Idempotency-Key (a retry with the key replays it): ${typeof entry.status !== 'number' ? 'not applicable (no request reached Vultus)' : entry.stored ? 'yes' : 'no'}`,
            `- Message: ${entry.message}`,
            `- Fix: ${entry.fix}`,
            `- Reference: ${found.url}`,
          ].join('\n');
        }
        const {entry} = found;
        return [
          `# ${entry.code} (decline reason)`,
          `- Decision: ${entry.decision}`,
          `- Retryable: ${entry.retryable ? 'yes, the user may try again' : entry.decision === 'review' ? 'no: a person on your side decides' : 'no: final for this session'}`,
          `- ${entry.decision === 'review' ? 'Message (for your reviewer; show the user your own neutral message until a person decides)' : 'Message to show the user'}: ${entry.user_message}`,
          `- What happened (for your logs, not for the user): ${entry.internal_detail}`,
          `- Trigger it in the sandbox: ${entry.sandbox}`,
          `- Raised by: ${entry.services.join(', ')}`,
          `- On-premise: ${onPremiseOf(entry.on_premise)}`,
          `- Reference: ${found.url}`,
        ].join('\n');
      }),
  );

  server.registerTool(
    'list_pages',
    {
      title: 'List the Vultus docs pages',
      description:
        'Lists every docs page with its route and what it covers, by section (General, Services, On-premise, …).',
      inputSchema: {
        section: z
          .string()
          .trim()
          .max(100)
          .optional()
          .describe('Only the pages of this section, such as "Services"'),
      },
    },
    ({section}) =>
      tool(async () => {
        const pages = await docs.pages();
        const sections = [...new Set(pages.map((page) => page.section))];
        const wanted = section
          ? sections.find((name) => name.toLowerCase() === section.toLowerCase())
          : undefined;
        if (section && !wanted)
          throw new NotFound(`No section "${section}". The sections: ${sections.join(', ')}.`);
        return sections
          .filter((name) => !wanted || name === wanted)
          .map((name) => {
            const listed = pages.filter((page) => page.section === name);
            return `## ${name}\n\n${listed.map((page) => `- ${page.title}: ${page.route} (${docs.url(page.route)}). ${page.description}`).join('\n')}`;
          })
          .join('\n\n');
      }),
  );
  return server;
}

/**
 * The files for coding agents, written beside the Markdown versions after the build and rendered
 * from the same sources, facts and directives included:
 * - `/skill.md`, an Agent Skill (a `name` and a `description` in its front matter, then how to
 *   integrate Vultus correctly), from `docs/_agents/skill.md`;
 * - the "Instructions for agents" of `/llms.txt` (./llms.ts), from `docs/_agents/instructions.md`;
 * - the line under the title of every Markdown version that names the index, the full file and
 *   the docs MCP server (`agentsNote`).
 * Their links are checked with the pages' (../links.ts).
 */
import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import {stringify as stringifyYaml} from 'yaml';
import {siteUrl} from '../../../config/links';
import {SourceError} from '../errors';
import type {Sources} from '../sources';
import type {PageLink} from '../links';
import {renderStandalone, stringifyMarkdown} from './markdown';

/** The sources of the agent files, docs-relative (Docusaurus publishes no page from `_` folders). */
export const agentSources = {skill: '_agents/skill.md', instructions: '_agents/instructions.md'} as const;

export const skillFile = 'skill.md';

/** Under the source line of every Markdown version: where an agent finds the rest of the docs. */
export const agentsNote =
  `For AI agents: [llms.txt](${siteUrl}/llms.txt) lists every page, [llms-full.txt](${siteUrl}/llms-full.txt) ` +
  `holds them all in one file, [skill.md](${siteUrl}/${skillFile}) says how to integrate Vultus, and the ` +
  `[docs MCP server](${siteUrl}/ai-assistants.md) searches and reads them from your assistant.`;

export type AgentFile = {
  /** docs-relative */
  file: string;
  /** Where it is published (its links are checked as from there). */
  route: string;
  frontMatter: Record<string, unknown>;
  /** The body, directives expanded and links absolute. */
  markdown: string;
  links: PageLink[];
};

/** An Agent Skill's front matter (agentskills.io): a name of lower-case words, and when to use it. */
const skillFrontMatter = new Ajv2020({allErrors: true}).compile({
  type: 'object',
  required: ['name', 'description'],
  properties: {
    name: {type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64},
    description: {type: 'string', minLength: 1, maxLength: 1024},
  },
  additionalProperties: false,
});

/** What is wrong with a skill's front matter, field by field (none when it is a skill's). */
export function skillFrontMatterProblems(frontMatter: unknown): string[] {
  if (skillFrontMatter(frontMatter)) return [];
  return (skillFrontMatter.errors ?? []).map(
    (error) => `${error.instancePath.slice(1) || 'front matter'} ${error.message ?? ''}`,
  );
}

async function render(
  sources: Sources,
  file: string,
  route: string,
  routesByFile: ReadonlyMap<string, string>,
): Promise<AgentFile> {
  const page = await renderStandalone(sources, file, routesByFile);
  return {
    file,
    route,
    frontMatter: page.frontMatter,
    markdown: stringifyMarkdown(page.tree).trim(),
    links: page.links,
  };
}

/** Renders the agent files; a skill whose front matter is not a skill's fails, naming the field. */
export async function renderAgentFiles(
  sources: Sources,
  routesByFile: ReadonlyMap<string, string>,
): Promise<{skill: AgentFile; instructions: AgentFile}> {
  const [skill, instructions] = await Promise.all([
    render(sources, agentSources.skill, `/${skillFile}`, routesByFile),
    render(sources, agentSources.instructions, '/llms.txt', routesByFile),
  ]);
  const problems = skillFrontMatterProblems(skill.frontMatter);
  if (problems.length > 0) {
    throw new SourceError(`docs/${agentSources.skill}: front matter: ${problems.join('; ')}`);
  }
  return {skill, instructions};
}

/** The skill as an Agent Skill file: its front matter, then its body. */
export function skillMarkdown(skill: AgentFile): string {
  return `---\n${stringifyYaml(skill.frontMatter, {lineWidth: 0})}---\n\n${skill.markdown}\n`;
}

export async function writeSkill(outDir: string, skill: AgentFile): Promise<void> {
  await writeFile(path.join(outDir, skillFile), skillMarkdown(skill));
}

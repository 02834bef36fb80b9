import React, {useState, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {markdownPath} from '@site/src/lib/markdownPath';
import styles from './styles.module.css';

export type Props = {
  /** The page's route, e.g. /services/face-match. */
  readonly permalink: string;
};

type Status = {kind: 'idle'} | {kind: 'copying'} | {kind: 'done'} | {kind: 'failed'; reason: string};

/** The prompt that opens the page's Markdown version in an assistant. */
export const assistantPrompt = (markdownUrl: string): string =>
  `Read ${markdownUrl} so I can ask questions about it.`;

/** Assistants that take a prompt in the URL: a plain link, no script. */
const assistants = [
  {
    name: 'ChatGPT',
    url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}`,
  },
  {name: 'Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`},
] as const;

/**
 * "Copy page" copies the page as Markdown (the same file as the .md link: tables and code
 * written out, no components) for pasting into an assistant; the result is announced to
 * screen readers. "Open in ChatGPT" and "Open in Claude" are links that start a chat with the
 * page's Markdown address.
 */
export default function PageActions({permalink}: Props): ReactNode {
  const href = useBaseUrl(markdownPath(permalink));
  const {siteConfig} = useDocusaurusContext();
  const prompt = assistantPrompt(`${siteConfig.url}${href}`);
  const [status, setStatus] = useState<Status>({kind: 'idle'});

  const copy = async (): Promise<void> => {
    setStatus({kind: 'copying'});
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`the Markdown file answered ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus({kind: 'done'});
    } catch (error) {
      setStatus({kind: 'failed', reason: error instanceof Error ? error.message : String(error)});
    }
  };

  const message =
    status.kind === 'done'
      ? 'Page copied as Markdown.'
      : status.kind === 'failed'
        ? `Could not copy the page: ${status.reason}. Open the Markdown version instead.`
        : '';

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() => void copy()}
        disabled={status.kind === 'copying'}>
        {status.kind === 'done' ? 'Copied' : 'Copy page'}
      </button>
      <a className="button button--sm button--link" href={href} type="text/markdown">
        View as Markdown
      </a>
      {assistants.map((assistant) => (
        <a
          key={assistant.name}
          className="button button--sm button--link"
          href={assistant.url(prompt)}
          target="_blank"
          rel="noopener noreferrer">
          Open in {assistant.name}
        </a>
      ))}
      <span className={styles.status} role="status" aria-live="polite">
        {message}
      </span>
    </div>
  );
}

/**
 * Request samples in cURL, JavaScript (Node 20) and Python, generated from an
 * operation's example in the contract, so every sample uses a real path and a body that
 * validates against its schema. Secrets come from the VULTUS_SECRET_KEY variable.
 */
import {apiBaseUrl} from '../../../config/links';

/** The languages of every multi-language sample on the site, in tab order. */
export const sampleLanguages = [
  {value: 'curl', label: 'cURL', lang: 'bash'},
  {value: 'javascript', label: 'JavaScript', lang: 'javascript'},
  {value: 'python', label: 'Python', lang: 'python'},
] as const;

export type SampleLanguage = (typeof sampleLanguages)[number]['value'];

/** The tab group shared by every sample, so a choice persists across pages. */
export const sampleGroupId = 'code-language';

export type SampleRequest = {
  method: string;
  /** Path with parameters filled in, relative to /v1. */
  path: string;
  query: Array<[string, string]>;
  /** JSON body, or undefined. */
  body?: unknown;
  /** multipart/form-data upload of one file field. */
  multipartFile?: {field: string; filename: string; fields: Array<[string, string]>};
  idempotent: boolean;
  /** Extra request headers (name, value). */
  headers: Array<[string, string]>;
  /** The server the call goes to; the cloud API unless the operation is on-premise only. */
  server?: 'cloud' | 'onprem';
  /** The operation needs no credential (its security allows none): the sample sends no key. */
  anonymous?: boolean;
  /**
   * Failure statuses whose body is a report, not the error object (the readiness probe's `503`
   * lists the failing checks): the sample prints the body instead of reading `error`.
   */
  reports?: number[];
};

/** The condition, in JavaScript or Python, that a response's status is one of `statuses`. */
function statusIs(statuses: number[], language: 'js' | 'py'): string {
  const variable = language === 'js' ? 'response.status' : 'response.status_code';
  if (statuses.length === 1) return `${variable} ${language === 'js' ? '===' : '=='} ${statuses[0]}`;
  return language === 'js'
    ? `[${statuses.join(', ')}].includes(${variable})`
    : `${variable} in (${statuses.join(', ')})`;
}

/** Where a sample sends its request, and which environment variable holds the key. */
const targets = {
  cloud: {baseUrl: `${apiBaseUrl}/v1`, key: 'VULTUS_SECRET_KEY'},
  onprem: {baseUrl: 'http://localhost:8080/v1', key: 'VULTUS_API_KEY'},
} as const;

const targetOf = (request: SampleRequest) => targets[request.server ?? 'cloud'];

function url(request: SampleRequest): string {
  const query = request.query.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return `${targetOf(request).baseUrl}${request.path}${query ? `?${query}` : ''}`;
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

export function curlSample(request: SampleRequest): string {
  // A body that carries a base64 image goes in a file: an image easily outgrows one command-line
  // argument (128 KiB on Linux), and the reader puts a real image where the example's is.
  const bodyFile = request.body !== undefined && !request.multipartFile && carriesImage(request.body);
  const lines = [
    `curl${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(url(request))}`,
  ];
  if (!request.anonymous) lines.push(`-H "Authorization: Bearer $${targetOf(request).key}"`);
  if (request.idempotent) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  if (request.multipartFile) {
    const {field, filename, fields} = request.multipartFile;
    lines.push(`-F ${shellQuote(`${field}=@${filename}`)}`);
    for (const [name, value] of fields) lines.push(`-F ${shellQuote(`${name}=${value}`)}`);
  } else if (request.body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(
      bodyFile ? '--data-binary @body.json' : `-d ${shellQuote(JSON.stringify(request.body, null, 2))}`,
    );
  }
  const command = lines.join(' \\\n  ');
  if (!bodyFile) return command;
  return `cat > body.json <<'EOF'\n${JSON.stringify(request.body, null, 2)}\nEOF\n${command}`;
}

function indent(textBlock: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return textBlock
    .split('\n')
    .map((line, index) => (index === 0 ? line : pad + line))
    .join('\n');
}

export function javascriptSample(request: SampleRequest): string {
  const headers = request.anonymous
    ? []
    : [`Authorization: \`Bearer \${process.env.${targetOf(request).key}}\``];
  if (request.idempotent) headers.push(`'Idempotency-Key': crypto.randomUUID()`);
  for (const [name, value] of request.headers)
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  const out: string[] = [];
  let body = '';
  if (request.multipartFile) {
    const {field, filename, fields} = request.multipartFile;
    out.push(`import {openAsBlob} from 'node:fs';`, '');
    out.push('const form = new FormData();');
    out.push(
      `form.append(${JSON.stringify(field)}, await openAsBlob(${JSON.stringify(filename)}), ${JSON.stringify(filename)});`,
    );
    for (const [name, value] of fields)
      out.push(`form.append(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
    out.push('');
    body = '\n  body: form,';
  } else if (request.body !== undefined) {
    headers.push(`'Content-Type': 'application/json'`);
    body = `\n  body: JSON.stringify(${indent(JSON.stringify(request.body, null, 2), 2)}),`;
  }
  out.push(`const response = await fetch(${JSON.stringify(url(request))}, {`);
  out.push(`  method: ${JSON.stringify(request.method)},`);
  if (headers.length > 0) {
    out.push(`  headers: {\n${headers.map((header) => `    ${header},`).join('\n')}\n  },${body}`);
  } else if (body) out.push(body.slice(1));
  out.push('});');
  // Every operation answers JSON, a DELETE included (the deleted object's id with `deleted: true`).
  out.push('const result = await response.json();');
  if (request.reports?.length) {
    out.push(`if (${statusIs(request.reports, 'js')}) {`);
    out.push('  // This status answers with a report, not an error object: print it.');
    out.push('  throw new Error(`${response.status}: ${JSON.stringify(result)}`);');
    out.push('}');
  }
  out.push('if (!response.ok) {');
  out.push('  // Branch on error.code, never on message.');
  out.push(
    '  throw new Error(`${result.error.code}: ${result.error.message} (${result.error.request_id})`);',
  );
  out.push('}');
  out.push('console.log(result);');
  return out.join('\n');
}

/** A JSON value as a Python literal (True/False/None, dicts and lists). */
export function pythonLiteral(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonLiteral(item, level + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonLiteral(item, level + 1)},`).join('\n')}\n${end}}`;
}

export function pythonSample(request: SampleRequest): string {
  const imports = request.anonymous ? [] : ['import os'];
  if (request.idempotent) imports.push('import uuid');
  if (imports.length > 0) imports.push('');
  imports.push('import requests', '');
  const headers = request.anonymous
    ? []
    : [`"Authorization": f"Bearer {os.environ['${targetOf(request).key}']}"`];
  if (request.idempotent) headers.push(`"Idempotency-Key": str(uuid.uuid4())`);
  for (const [name, value] of request.headers)
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  const args = [`    ${JSON.stringify(`${targetOf(request).baseUrl}${request.path}`)},`];
  if (headers.length > 0) {
    args.push(`    headers={\n${headers.map((header) => `        ${header},`).join('\n')}\n    },`);
  }
  if (request.query.length > 0) {
    args.push(`    params=${pythonLiteral(Object.fromEntries(request.query), 1)},`);
  }
  const out = [...imports];
  if (request.multipartFile) {
    const {field, filename, fields} = request.multipartFile;
    out.push(`with open(${JSON.stringify(filename)}, "rb") as image:`);
    const inner = [`    ${JSON.stringify(`${targetOf(request).baseUrl}${request.path}`)},`, args[1]];
    if (fields.length > 0) inner.push(`    data=${pythonLiteral(Object.fromEntries(fields), 1)},`);
    inner.push(`    files={${JSON.stringify(field)}: image},`, '    timeout=30,');
    out.push(
      `    response = requests.${request.method.toLowerCase()}(\n${inner.map((line) => indent(`    ${line}`, 4)).join('\n')}\n    )`,
    );
  } else {
    if (request.body !== undefined) args.push(`    json=${pythonLiteral(request.body, 1)},`);
    args.push('    timeout=30,');
    out.push(`response = requests.${request.method.toLowerCase()}(\n${args.join('\n')}\n)`);
  }
  if (request.reports?.length) {
    out.push(`if ${statusIs(request.reports, 'py')}:`);
    out.push('    # This status answers with a report, not an error object: print it.');
    out.push('    raise RuntimeError(f"{response.status_code}: {response.json()}")');
  }
  out.push('if not response.ok:');
  out.push('    # Branch on error["code"], never on message.');
  out.push('    error = response.json()["error"]');
  out.push(`    raise RuntimeError(f"{error['code']}: {error['message']} ({error['request_id']})")`);
  out.push('print(response.json())');
  return out.join('\n');
}

/** Whether a JSON body carries an image as base64 (an image object's `data`, at any depth). */
export function carriesImage(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(carriesImage);
  if (typeof body !== 'object' || body === null) return false;
  return Object.entries(body).some(
    ([key, value]) =>
      (key === 'data' && typeof value === 'string' && /^[A-Za-z0-9+/]+=*$/.test(value)) ||
      carriesImage(value),
  );
}

/**
 * Whether a body carries an image as base64 that is too short to be one: the contract's examples
 * shorten `data` to fit the page, and such a sample would fail with `image_unreadable` as it is.
 */
export function hasShortenedImage(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(hasShortenedImage);
  if (typeof body !== 'object' || body === null) return false;
  return Object.entries(body).some(
    ([key, value]) =>
      (key === 'data' &&
        typeof value === 'string' &&
        /^[A-Za-z0-9+/]+=*$/.test(value) &&
        value.length < 1000) ||
      hasShortenedImage(value),
  );
}

/** The line that says so, in each language. */
const shortenedImageNote: Record<SampleLanguage, string> = {
  curl: "# The base64 in \"data\" is shortened to fit the page: put your image's in body.json, from `base64 < selfie.jpg | tr -d '\\n'`.",
  javascript:
    "// The base64 in data is shortened to fit the page: put your image's, from readFileSync('selfie.jpg').toString('base64').",
  python:
    '# The base64 in "data" is shortened to fit the page: put your image\'s, from base64.b64encode(open("selfie.jpg", "rb").read()).decode().',
};

export function samplesFor(request: SampleRequest): Record<SampleLanguage, string> {
  const samples = {
    curl: curlSample(request),
    javascript: javascriptSample(request),
    python: pythonSample(request),
  };
  if (!hasShortenedImage(request.body)) return samples;
  return {
    curl: `${shortenedImageNote.curl}\n${samples.curl}`,
    javascript: `${shortenedImageNote.javascript}\n${samples.javascript}`,
    python: `${shortenedImageNote.python}\n${samples.python}`,
  };
}

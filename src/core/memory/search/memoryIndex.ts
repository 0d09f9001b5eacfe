/**
 * *
 * Full-text ranked search over an agent's memory: the workspace memory files and the session
 * transcripts (seed 004, component 2 "memory retrieval" and component 3 "agentic memory query").
 * Pure TypeScript, synchronous, no `vscode`; the index lives in memory and is rebuilt on demand.
 *
 * Ranking: MiniSearch 7 (BM25+, k = 1.2, b = 0.7, d = 0.5) over two fields, `text` and `title`.
 *
 * This file builds the index (`buildMemoryIndex`) from the corpus (corpus.ts) with the tokeniser (tokenize.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import MiniSearch from 'minisearch';
import { entryTime } from '../../transcript/conversation';
import { MemoryWriteError, readTextIfExists } from '../fsSafe';
import { tokenizeForSearch } from './tokenize';
import { splitMarkdownPassages } from './passages';
import { DEFAULT_MAX_TOOL_TEXT_CHARS, type Doc, entryText, type EntryText, isObj, listMemoryFiles, type SkippedMemoryFile, toPosix, type TranscriptDoc } from './corpus';

/** Score factor of memory-file passages relative to transcript entries. */
export const MEMORY_BOOST = 1.25;

/** Weight of the `title` field (file path + heading, tool name) relative to `text`. */
export const TITLE_BOOST = 1.5;

interface IndexedFields {
  id: number;
  text: string;
  title: string;
}

/** One transcript to index: raw entries (full JSON, oldest first, as `loadEntries` or a JSONL file gives them). */
export interface MemoryIndexSession {
  key: string;
  sessionId?: string;
  entries: readonly unknown[];
}

export interface BuildMemoryIndexOptions {
  workspaceDir: string;
  sessions?: readonly MemoryIndexSession[];
  /** characters of tool arguments / tool output kept per entry (default {@link DEFAULT_MAX_TOOL_TEXT_CHARS}) */
  maxToolTextChars?: number;
}

/** A built index. Opaque apart from its statistics; rebuild it when files or transcripts change. */
export class MemoryIndex {
  /** @internal */
  readonly mini: MiniSearch<IndexedFields>;
  /** @internal */
  readonly docs: Doc[];
  /** Memory files indexed (workspace-relative, `/`-separated, sorted). */
  readonly files: string[];
  readonly skipped: SkippedMemoryFile[];
  readonly passages: number;
  readonly transcriptEntries: number;
  readonly workspaceDir: string;

  /** @internal */
  constructor(workspaceDir: string, mini: MiniSearch<IndexedFields>, docs: Doc[], files: string[], skipped: SkippedMemoryFile[]) {
    this.workspaceDir = workspaceDir;
    this.mini = mini;
    this.docs = docs;
    this.files = files;
    this.skipped = skipped;
    this.passages = docs.filter((d) => d.kind === 'memory').length;
    this.transcriptEntries = docs.length - this.passages;
  }

  get documentCount(): number {
    return this.docs.length;
  }
}

function newMiniSearch(): MiniSearch<IndexedFields> {
  return new MiniSearch<IndexedFields>({
    fields: ['text', 'title'],
    storeFields: [],
    idField: 'id',
    tokenize: tokenizeForSearch,
    processTerm: (t) => t,
    logger: () => undefined,
    autoVacuum: false,
  });
}

/**
 * Index the workspace's memory files and the given transcripts. Never throws on odd files or entries
 * (they are skipped); throws only when `workspaceDir` is not a string.
 */
export function buildMemoryIndex(opts: BuildMemoryIndexOptions): MemoryIndex {
  const root = path.resolve(opts.workspaceDir);
  const maxTool = Math.max(200, Math.floor(opts.maxToolTextChars ?? DEFAULT_MAX_TOOL_TEXT_CHARS));
  const docs: Doc[] = [];
  const fields: IndexedFields[] = [];
  const skipped: SkippedMemoryFile[] = [];
  const files: string[] = [];

  let rootOk = false;
  try {
    rootOk = fs.statSync(root).isDirectory();
  } catch {
    rootOk = false;
  }
  if (rootOk) {
    for (const rel of listMemoryFiles(root, skipped)) {
      const relPosix = toPosix(rel);
      let text: string | undefined;
      try {
        text = readTextIfExists(path.join(root, rel));
      } catch (e) {
        skipped.push({ file: relPosix, reason: e instanceof MemoryWriteError && e.code === 'too-large' ? 'too-large' : 'unreadable' });
        continue;
      }
      if (text === undefined) continue;
      if (text.includes('\u0000')) {
        skipped.push({ file: relPosix, reason: 'binary' });
        continue;
      }
      files.push(relPosix);
      for (const p of splitMarkdownPassages(text)) {
        const id = docs.length;
        docs.push({ kind: 'memory', file: relPosix, line: p.line, heading: p.heading, text: p.text });
        fields.push({ id, text: p.text, title: p.heading ? `${relPosix}\n${p.heading}` : relPosix });
      }
    }
  }
  files.sort();

  const byEntry = new Map<string, TranscriptDoc>();
  const sameText = new Map<string, number>();
  for (const s of opts.sessions ?? []) {
    if (!s || !Array.isArray(s.entries)) continue;
    const key = String(s.key ?? '');
    s.entries.forEach((raw, i) => {
      if (!isObj(raw)) return;
      let et: EntryText | undefined;
      try {
        et = entryText(raw, maxTool);
      } catch {
        et = undefined;
      }
      if (!et || !et.text.trim()) return;
      const entryId = typeof raw.id === 'string' && raw.id ? raw.id : `@${i}`;
      const dedupeKey = typeof raw.id === 'string' && raw.id ? `${entryId}\u0000${et.role}\u0000${et.text}` : undefined;
      if (dedupeKey) {
        const prev = byEntry.get(dedupeKey);
        if (prev) {
          if (prev.sessionKey !== key && !prev.alsoIn.includes(key)) prev.alsoIn.push(key);
          return;
        }
      }
      const t = entryTime(raw);
      const doc: TranscriptDoc = {
        kind: 'transcript',
        sessionKey: key,
        sessionId: s.sessionId,
        entryId,
        role: et.role,
        timestamp: t > 0 ? t : undefined,
        toolName: et.toolName,
        isError: et.isError,
        text: et.text,
        alsoIn: [],
        same: docs.length,
      };
      if (dedupeKey) byEntry.set(dedupeKey, doc);
      const id = docs.length;
      const textKey = `${et.role}\u0000${et.text}`;
      const first = sameText.get(textKey);
      if (first === undefined) sameText.set(textKey, id);
      else doc.same = first;
      docs.push(doc);
      fields.push({ id, text: et.text, title: et.toolName ?? '' });
    });
  }

  const mini = newMiniSearch();
  mini.addAll(fields);
  return new MemoryIndex(root, mini, docs, files, skipped);
}

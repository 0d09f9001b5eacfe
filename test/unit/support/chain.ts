/** Transcript lines as a chain: each line's parent is the previous one (ids are given by the builders). */
type Json = Record<string, unknown>;

export function chain(...builders: Array<(parent: string | null) => Json>): Json[] {
  const out: Json[] = [];
  let parent: string | null = null;
  for (const b of builders) {
    const l = b(parent);
    out.push(l);
    parent = l.id as string;
  }
  return out;
}

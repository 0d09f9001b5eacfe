// Error metrics over corpus samples: e = (estimate − reference) / reference per sample.
import { CATEGORIES } from './build.mjs';

/** rows: [{cat, est, ref}] → per-category {signed, mape, p95, worst, n} (percent) and the summaries. */
export function errorTable(rows) {
  const per = {};
  // the corpus categories in their order, then any other (the real-text categories) in order of appearance
  for (const cat of new Set([...CATEGORIES, ...rows.map((r) => r.cat)])) {
    const es = rows.filter((r) => r.cat === cat).map((r) => (r.est - r.ref) / r.ref);
    if (!es.length) continue;
    const abs = es.map(Math.abs).sort((a, b) => a - b);
    let worst = 0;
    for (const e of es) if (Math.abs(e) > Math.abs(worst)) worst = e;
    per[cat] = {
      n: es.length,
      signed: (100 * es.reduce((a, e) => a + e, 0)) / es.length,
      mape: (100 * abs.reduce((a, e) => a + e, 0)) / es.length,
      p95: 100 * abs[Math.min(abs.length - 1, Math.floor(0.95 * abs.length))],
      worst: 100 * worst,
    };
  }
  const cats = Object.values(per);
  const all = rows.map((r) => (r.est - r.ref) / r.ref);
  return {
    per,
    meanSigned: cats.reduce((a, c) => a + c.signed, 0) / cats.length,
    meanMape: cats.reduce((a, c) => a + c.mape, 0) / cats.length,
    worstMape: Math.max(...cats.map((c) => c.mape)),
    pooledMape: (100 * all.reduce((a, e) => a + Math.abs(e), 0)) / all.length,
    aggregate: 100 * (rows.reduce((a, r) => a + r.est, 0) / rows.reduce((a, r) => a + r.ref, 0) - 1),
  };
}

const f1 = (x) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(1);

/** A Markdown-ish table: one column per estimator, "signed / MAPE" per category. */
export function formatTables(tables, names) {
  const out = [];
  out.push(`| category | ${names.join(' | ')} |`, `|---|${names.map(() => '---:').join('|')}|`);
  for (const cat of Object.keys(tables[0].per)) {
    out.push(`| ${cat} (n=${tables[0].per[cat].n}) | ${tables.map((t) => `${f1(t.per[cat].signed)} / ${t.per[cat].mape.toFixed(1)}`).join(' | ')} |`);
  }
  out.push(`| **mean of categories** | ${tables.map((t) => `**${f1(t.meanSigned)} / ${t.meanMape.toFixed(2)}**`).join(' | ')} |`);
  out.push(`| worst category MAPE | ${tables.map((t) => t.worstMape.toFixed(1)).join(' | ')} |`);
  out.push(`| pooled MAPE | ${tables.map((t) => t.pooledMape.toFixed(1)).join(' | ')} |`);
  out.push(`| aggregate Σest/Σref − 1 | ${tables.map((t) => f1(t.aggregate)).join(' | ')} |`);
  return out.join('\n');
}

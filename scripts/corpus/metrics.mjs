// Error metrics over corpus samples: e = (estimate − reference) / reference per sample.
//
// Three readings of "the error of a category", all in percent:
//   mape       per-text mean: mean of |e| over the category's texts (every text weighs the same, a 3-token
//              reply as much as a 3,000-token file);
//   weighted   token-weighted: Σ|est − ref| / Σref (every token weighs the same);
//   aggregate  |Σest − Σref| / Σref: the error of the category's total, what a gauge that sums many such
//              texts shows (errors of opposite sign cancel).
import { CATEGORIES } from './build.mjs';

/** rows: [{cat, est, ref}] → per-category {signed, mape, p95, worst, weighted, aggregate, n} (percent) and the summaries. */
export function errorTable(rows) {
  const per = {};
  // the corpus categories in their order, then any other (the real-text categories) in order of appearance
  for (const cat of new Set([...CATEGORIES, ...rows.map((r) => r.cat)])) {
    const rs = rows.filter((r) => r.cat === cat);
    const es = rs.map((r) => (r.est - r.ref) / r.ref);
    if (!es.length) continue;
    const sum = (f) => rs.reduce((a, r) => a + f(r), 0);
    const ref = sum((r) => r.ref);
    const abs = es.map(Math.abs).sort((a, b) => a - b);
    let worst = 0;
    for (const e of es) if (Math.abs(e) > Math.abs(worst)) worst = e;
    per[cat] = {
      n: es.length,
      signed: (100 * es.reduce((a, e) => a + e, 0)) / es.length,
      mape: (100 * abs.reduce((a, e) => a + e, 0)) / es.length,
      p95: 100 * abs[Math.min(abs.length - 1, Math.floor(0.95 * abs.length))],
      worst: 100 * worst,
      weighted: (100 * sum((r) => Math.abs(r.est - r.ref))) / ref,
      aggregate: (100 * Math.abs(sum((r) => r.est) - ref)) / ref,
    };
  }
  const cats = Object.values(per);
  const all = rows.map((r) => (r.est - r.ref) / r.ref);
  return {
    per,
    meanSigned: cats.reduce((a, c) => a + c.signed, 0) / cats.length,
    meanMape: cats.reduce((a, c) => a + c.mape, 0) / cats.length,
    worstMape: Math.max(...cats.map((c) => c.mape)),
    meanWeighted: cats.reduce((a, c) => a + c.weighted, 0) / cats.length,
    worstWeighted: Math.max(...cats.map((c) => c.weighted)),
    meanAggregate: cats.reduce((a, c) => a + c.aggregate, 0) / cats.length,
    worstAggregate: Math.max(...cats.map((c) => c.aggregate)),
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

/** One estimator, the three readings per category: signed mean, per-text MAPE, token-weighted, aggregate (%). */
export function formatMetrics(t) {
  const out = ['| category | signed mean | per-text mean |e| | token-weighted Σ|Δ|/Σexact | aggregate |ΣΔ|/Σexact |', '|---|---:|---:|---:|---:|'];
  for (const [cat, c] of Object.entries(t.per)) out.push(`| ${cat} (n=${c.n}) | ${f1(c.signed)} | ${c.mape.toFixed(1)} | ${c.weighted.toFixed(1)} | ${c.aggregate.toFixed(1)} |`);
  out.push(`| **mean of categories** | ${f1(t.meanSigned)} | **${t.meanMape.toFixed(2)}** | **${t.meanWeighted.toFixed(2)}** | **${t.meanAggregate.toFixed(2)}** |`);
  out.push(`| worst category | | ${t.worstMape.toFixed(1)} | ${t.worstWeighted.toFixed(1)} | ${t.worstAggregate.toFixed(1)} |`);
  return out.join('\n');
}

#!/usr/bin/env node
// 2-fold cross-validation on the tune half of the real texts, for choices about the estimator itself (a class, a
// list's size): fit o200k on the corpus train split + one fold of the tune half, measure the other fold, and the
// other way round. The held-out half is never read.
//
//   node scripts/corpus/cv-tune.mjs [--lambda x] [--dump short_cjk]   (--dump: per-text errors of a category)
//
// Prints the per-text mean error per real category over both folds, their mean and the worst. The folds are a
// hash of the split key (the text without OpenClaw's envelope), independent of the tune/held-out rule.
import { loadCorpus, tokenizers } from './build.mjs';
import { loadRealTexts, splitKey } from './real.mjs';
import { loadEstimator } from './load-estimator.mjs';
import { makeFitter, MIN_SUPPORT } from './fit.mjs';
import { errorTable } from './metrics.mjs';
import { sha1 } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (f, d) => { const i = args.indexOf(f); return i >= 0 ? args[i + 1] : d; };
const lambda = Number(opt('--lambda', 1e-5));
const dump = opt('--dump');
const est = await loadEstimator();
const corpus = loadCorpus({ log: (m) => console.error(m) });
const tok = tokenizers();
const tune = loadRealTexts().filter((t) => t.split === 'tune');
const fold = (t) => parseInt(sha1(`cv:${splitKey(t.text)}`).slice(0, 2), 16) & 1;
// as scripts/fit-estimator.mjs: the tune texts join the fit as two categories
const fitCat = (t) => (t.cat.startsWith('short') ? 'real_short' : 'real_long');
const base = corpus.samples.filter((s) => s.split === 'train');
const folds = [0, 1].map((f) => {
  const samples = [...base, ...tune.filter((t) => fold(t) === f).map((t) => ({ cat: fitCat(t), src: `real:${t.src}`, split: 'train', text: t.text, tokens: { o200k: tok.o200k(t.text) } }))];
  const { fitFamily, train, dot } = makeFitter({ samples, X: samples.map((s) => est.featureCounts(s.text)), est, astral: corpus.astral });
  const w = est.decodeWeights(est.encodeWeights(fitFamily(train, 'o200k', lambda, MIN_SUPPORT), 0.01), 0.01);
  return errorTable(tune.filter((t) => fold(t) !== f).map((t) => {
    const r = { cat: t.cat, est: dot(est.featureCounts(t.text), w), ref: tok.o200k(t.text) };
    if (t.cat === dump) console.log(`${r.ref}\t${r.est.toFixed(1)}\t${((100 * (r.est - r.ref)) / r.ref).toFixed(0)}%\t${JSON.stringify(t.text)}`);
    return r;
  }));
});
const per = Object.keys(folds[0].per).map((c) => {
  const [a, b] = folds.map((t) => t.per[c]);
  return [c, (a.mape * a.n + b.mape * b.n) / (a.n + b.n)];
});
console.log(`λ=${lambda}, tune-half 2-fold CV, per-text mean error (%): ${per.map(([c, m]) => `${c} ${m.toFixed(2)}`).join(', ')}; mean ${(per.reduce((a, [, m]) => a + m, 0) / per.length).toFixed(2)}, worst ${Math.max(...per.map(([, m]) => m)).toFixed(2)}`);

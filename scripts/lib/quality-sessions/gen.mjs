// Generators for the planted-facts sessions (scripts/lib/quality-sessions/*.mjs): workspace files (code, logs,
// prose) with planted lines, and unrelated filler turns. Deterministic: each set has its own seeded PRNG.

export const WORDS = 'parser cache queue worker handler request response schema index budget window latency metrics retry timeout session buffer stream client server config'.split(' ');

/** The file generators over a PRNG seeded with `seed` (same seed, same files). */
export function makeGen(seed) {
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  /** `n` lines of plausible code in `lang` around the given lines (inserted at their fractions of the file). */
  function code(lang, n, planted) {
    const cmt = lang === 'py' ? '#' : '//';
    const out = [];
    for (let i = 0; i < n; i++) {
      const a = pick(WORDS);
      const b = pick(WORDS);
      if (lang === 'py') out.push(i % 9 === 0 ? `def ${a}_${b}_${i}(ctx, rows):` : `    ${a}_${i} = ctx.${b}.get("${a}", ${i})  ${cmt} ${pick(WORDS)} ${pick(WORDS)}`);
      else if (lang === 'gradle') out.push(i % 7 === 0 ? `    ${a}${i} {` : `        ${a}.${b} = "${pick(WORDS)}-${i}"`);
      else if (lang === 'yaml') out.push(i % 6 === 0 ? `  ${a}-${i}:` : `    ${b}: "${pick(WORDS)}-${i}"`);
      else if (lang === 'c') out.push(i % 8 === 0 ? `#define ${a.toUpperCase()}_${b.toUpperCase()}_${i} ${i * 16}` : `static int ${a}_${i} = ${b}_lookup(${i}); /* ${pick(WORDS)} ${pick(WORDS)} */`);
      else out.push(i % 10 === 0 ? `export function ${a}${b[0].toUpperCase()}${b.slice(1)}${i}(input: Input): Output {` : `  const ${a}${i} = ${b}.${pick(WORDS)}(${i}); ${cmt} ${pick(WORDS)} ${pick(WORDS)}`);
    }
    for (const [at, line] of planted) out.splice(Math.floor(at * out.length), 0, line);
    return out.join('\n') + '\n';
  }

  /** A log of `n` INFO/DEBUG lines with the given lines planted. */
  function log(service, day, n, planted) {
    const out = [];
    for (let i = 0; i < n; i++) {
      const s = String(i % 60).padStart(2, '0');
      out.push(`${day}T0${Math.floor(i / 60) + 1}:${String(i % 60).padStart(2, '0')}:${s}Z ${pick(['INFO ', 'DEBUG', 'INFO '])} ${service} ${pick(WORDS)}=${Math.floor(rand() * 900 + 100)} ${pick(WORDS)} ok in ${Math.floor(rand() * 90 + 5)}ms`);
    }
    for (const [at, line] of planted) out.splice(Math.floor(at * out.length), 0, line);
    return out.join('\n') + '\n';
  }

  /** Prose paragraphs (an essay or a design note) with the given paragraphs planted. */
  function essay(title, paras, planted) {
    const fill = [
      'Most of the work in a system like this is not in the happy path but in the edges: retries, partial failures and data that arrives in an order nobody planned for. The notes below collect what we learned while running it.',
      'Operators asked for fewer knobs, not more. Every setting we add is one more thing to get wrong at three in the morning, so the defaults have to be right for the common case and the overrides have to be obvious.',
      'We measured before changing anything. The numbers in this section come from two weeks of production traffic, sampled every minute, and they are noisy; read them as directions rather than precise values.',
      'There is a tension between keeping history and keeping the system fast. Old records are rarely read, but when they are, it is usually during an audit or an incident, which is exactly when a slow query hurts the most.',
      'Testing this properly needs realistic data. Synthetic fixtures caught the obvious bugs; the subtle ones only showed up once we replayed a day of real traffic against a staging copy.',
    ];
    const out = [`# ${title}`, ''];
    for (let i = 0; i < paras; i++) out.push(fill[i % fill.length], '');
    for (const [at, p] of planted) out.splice(2 + 2 * Math.floor(at * paras), 0, p, '');
    return out.join('\n');
  }
  return { pick, code, log, essay };
}

export const json = (o) => JSON.stringify(o, null, 2) + '\n';
export const rows = (n, f) => Array.from({ length: n }, (_, i) => f(i));
/** A CSV: the header, then `n` rows made by `f`, with the given lines planted at their fractions of the rows. */
export const csv = (header, n, f, planted) => {
  const out = rows(n, f);
  for (const [at, line] of planted) out.splice(Math.floor(at * out.length), 0, line);
  return [header, ...out].join('\n') + '\n';
};

// ------------------------------------------------------------------------------------------- filler

const TOPICS = [
  'how pour-over coffee differs from a French press',
  'the history of the QWERTY keyboard layout',
  'why sourdough needs a starter',
  'a good warm-up routine before running',
  'how tides work',
  'what makes a chess opening sound',
  'how to keep basil alive indoors',
  'the difference between baking soda and baking powder',
  'why the sky is blue',
  'how noise-cancelling headphones work',
  'tips for learning to touch-type',
  'how bicycles stay upright',
  'what a good meeting agenda looks like',
  'how to fold a fitted sheet',
  'the rules of cricket in short',
  'why cats purr',
];
const PARAS = [
  'Short version: it is mostly about pressure and contact time. Longer contact pulls out more body and bitterness; a paper filter removes oils, so the cup tastes cleaner and lighter.',
  'People tried many layouts. The one that stuck was not the fastest but the one that shipped with the machines everybody bought, and habits did the rest.',
  'The starter carries wild yeast and lactic bacteria. They leaven the dough slowly and sour it, which is why the timing depends so much on the kitchen temperature.',
  'Five minutes of easy jogging, then leg swings, lunges and a few short strides. The point is to raise the temperature of the muscles before asking anything hard of them.',
  'The moon pulls the near side of the ocean a little more than the far side, and the earth turns underneath both bulges, so most coasts see two high tides a day.',
];

/** Unrelated turns worth about `tokens` tokens (seeded by the session and position): questions, long answers, chat.
 * style 'chat' (default): off-topic chat; 'work': general engineering side questions, in English, Chinese and Japanese. */
export function fillerTurns(tokens, salt, style = 'chat') {
  if (style === 'work') return workFillerTurns(tokens, salt);
  if (style !== 'chat') throw new Error(`unknown filler style ${style}`);
  const out = [];
  let t = 0;
  let i = salt;
  while (t < tokens) {
    const topic = TOPICS[i % TOPICS.length];
    const k = i % 3;
    if (k === 0) {
      out.push(`Unrelated question while the build runs: ${topic}?`);
      t += 160;
    } else if (k === 1) {
      const n = Math.min(150, Math.max(20, Math.round((tokens - t) / 17)));
      out.push(`Can you give me a long list of mixed sample lines so I can test the log viewer? #pad ${n}`);
      t += n * 17 + 30;
    } else {
      out.push(`Off topic: tell me about ${topic}. #reply ${PARAS[i % PARAS.length]}`);
      t += 100;
    }
    i++;
  }
  return out;
}

const WORK_QUESTIONS = [
  "While CI is busy: what's the practical difference between a mutex and a semaphore?",
  'Remind me how git rebase --onto works when three branches are involved',
  'Is there a clean way to debounce a function in TypeScript without pulling in lodash?',
  'What does set -euo pipefail actually protect a shell script from?',
  'How do I read a flame graph, roughly, when the stacks are very deep?',
  'Why would npm ci be slower than npm install on a warm cache?',
  'Explain the CAP theorem in two sentences, for a new teammate',
  'レビューでよく見る「早期リターン」のメリットを簡単に教えてください',
  '顺便问一下，Go 里的 context 取消是怎么一层层传下去的？',
  'What is a reasonable way to name feature branches in a team of six?',
];
const WORK_PADS = [
  'Paste a long block of sample lines so I can check how the terminal pane wraps.',
  "I need a wall of mixed text to test the diff viewer's scrolling.",
  'テスト用に長めのダミー出力をください。',
  '给我一段比较长的示例输出，我要测一下日志面板的换行。',
];
const WORK_NOTES = [
  ['Side note: how do you usually structure a code review?', 'Read the description first, then the tests, then the code. The tests say what the author thinks the change does; the code says what it does. Most useful comments come from the gap between the two, not from style.'],
  ['Any advice for a calm on-call handoff?', 'Write down what is still burning, what you tried and what you would try next, in that order. The next person should be able to act on the first three lines without scrolling.'],
  ['How small should a pull request be?', 'Small enough that a reviewer can hold all of it in their head at once. In practice that is a few hundred changed lines, one concern, and a title that says what changes for a user.'],
  ['ペアプロを続けるコツはありますか？', '25 分ごとにドライバーを交代して、休憩を必ず入れることです。片方だけが考え続けると疲れてしまい、もう片方はただ見ているだけになります。'],
  ['写单元测试的时候，mock 用多少比较合适？', '只在边界上 mock：网络、时钟、文件系统。业务逻辑本身尽量用真实对象，否则测试通过了也说明不了代码真的能工作。'],
  ['What makes a good commit message, in your view?', 'A subject line that completes the sentence "this commit will…", and a body that explains why, because the diff already shows what. Future readers search for the why.'],
];

/** The 'work' filler: side questions a developer asks between tasks, long sample outputs, short advice. */
function workFillerTurns(tokens, salt) {
  const out = [];
  let t = 0;
  let i = salt;
  while (t < tokens) {
    const k = i % 3;
    if (k === 0) {
      out.push(WORK_QUESTIONS[i % WORK_QUESTIONS.length]);
      t += 160;
    } else if (k === 1) {
      const n = Math.min(140, Math.max(20, Math.round((tokens - t) / 17)));
      out.push(`${WORK_PADS[i % WORK_PADS.length]} #pad ${n}`);
      t += n * 17 + 30;
    } else {
      const [q, a] = WORK_NOTES[i % WORK_NOTES.length];
      out.push(`${q} #reply ${a}`);
      t += 110;
    }
    i++;
  }
  return out;
}

/**
 * What a sentence states: a decision (with its reason), a TODO (with its condition and deadline), or a rule /
 * preference / constraint, in English, Chinese and Japanese. Markers only; no model.
 */
import { plain } from './sentences';
import { type RuleKind } from './types';

export type Statement =
  | { type: 'decision'; what: string; reason?: string }
  | { type: 'todo'; what: string; condition?: string; deadline?: string }
  | { type: 'rule'; kind: RuleKind };

/**
 * Who said it: the user (and notes, summaries) is read with every marker; the assistant with explicit labels
 * only; a document a tool returned with labels and "we decided" / 决定 / ことにした.
 */
export type Speaker = 'user' | 'assistant' | 'document';

const DECISION_DOCUMENT = /\b(?:we(?:'ve| have)? decided|decided to|the decision (?:is|was)|we (?:settled(?: on| it| this)?|chose|opted for)|(?:agreed|decided|resolved) (?:that|on|to)|(?:was|were|is|are|has been|have been|been|recommendation|proposal) (?:formally )?(?:adopted|approved|ratified|signed off)\b|we(?:'ll| will) (?:now |no longer )?(?:use|move|switch|adopt|keep|run|ship|require|retire|drop|replace|stop|start|limit|cap|standardi[sz]e)|will no longer|going forward|from now on|effective (?:immediately|from))\b|决定|決定|采用|改为|统一为|ことにした|ことにしました|ことにします|ことになりました/i;

const LABEL_DECISION = /^(?:[一二三四五六七八九十]{1,3}、\s*|\d{1,2}[.)、]\s+|\(\w\)\s*)?(?:(?:(?:final|the|our) )?(?:decision|decided|verdict|final call|outcome|conclusion|resolution|ruling|agreed|agreement|management response|recommendation adopted)(?: (?:of|from|on|for|about|by|at) [^:：.!?]{1,50})?|what (?:changes|we (?:change|chose|decided))|the change|chosen option|结论|决定|决策|决议|決议事项|结论事项|結論|決定|決議|決定事項|合意事項|合意|改定|改訂)\s*[:：]/i;
const LABEL_TODO = /^(?:todo|to-do|action item|reminder|note to self|next step|follow[- ]up|待办|待辦|やること|タスク)(?![A-Za-z])[^:：.。!?！？]{0,60}[:：]/i;
const LABEL_RULE = /^(?:[^:：.!?]{0,40}\b(?:rule|constraint|preference|policy|requirement|convention|guideline|absolute|non-negotiable)s?\b[^:：.!?]{0,60}|规则|约束|偏好|要求|规范|约定|规定|規定|ルール|制約|方針|規約)\s*[:：]/i;
/** "Remember: …" — a fact the user wants kept (the assistant's reminders to the user are not). */
const LABEL_REMEMBER = /^(?:(?:please )?(?:remember|keep in mind)|(?:请)?记住|覚えておいて(?:ください)?)\s*[:：]/i;

const DECISION_EN = /\b(?:we(?:'ll| will| are going to|'re going to) (?!need|have|see|talk|discuss|check|look|get back|let you)\w+|we(?:'ve| have)? decided|i(?:'ve| have)? decided|decided to|decided on|the decision is|we(?:'ll| will) go with|let'?s go with|going with|we(?:'re| are) going with|we(?:'ll| will) use|we(?:'ll| will) (?:switch|move|stick) (?:to|with)|let'?s (?:use|switch to|stick with|keep)|we chose|i chose|we picked|opted (?:for|to)|settled on|landed on|(?:he|she|they|management|leadership|the (?:board|director|team|committee)) (?:has |have )?decided|we(?:'re| are) not going to|^we (?:keep|put|run|stay)\b(?! (?:getting|seeing|hitting|running into|having|losing|failing|forgetting))|agreed (?:to|on)|we(?:'re| are) (?:also |now |just )?(?:switching|moving|migrating|dropping|adopting|replacing|deprecating|standardi[sz]ing on|changing|introducing|requiring|tightening|splitting|retiring)|\bwe (?:now )?stop \w+ing\b|^(?:so|therefore|hence|from now on|going forward),?\s+(?:the |our |every |each )?[\w-]+(?: [\w-]+){0,3} (?:is going to|are going to|will(?! be able)|won't|will no longer|(?:gets?|is|are) (?!not\b)\w+ed\b|(?:goes|go|moves?) (?:to|into|onto)\b)|(?:going forward|from now on|henceforth),? we (?:use|run|deploy|ship|keep|store|write)|we agreed that|(?:the|our) plan is to|(?:they|the (?:client|customer|business|owner|vendor|regulator|board|mill|site)|management|ops|operations|legal|finance|product) (?:want|wants|asked us|insists? on|require|requires)(?: us)? to (?!(?:know|see|understand|check|hear|talk|discuss|meet|ask)\b)|let'?s not|we(?:'ll| will) (?:drop|replace|deprecate|retire|adopt))\b|\bwe(?:'re| are|'ll| will)? \w+\b[^.;!?]*?\b(?:instead of|rather than)\b/i;
/**
 * A decision said without a "we": a label that names a call (`First call we made: …`, `Change of plan on timing: …`),
 * an order that says what it replaces (`Publish at 04:15 instead of 04:45`, `computed from X, not from Y`), `go with`,
 * `switch to`, `from now on`.
 */
const DECISION_EN_LOOSE = /^[^:：.!?]{0,40}\b(?:call|calls|plan|verdict|conclusion|outcome|resolution|agreement|we agreed|we settled|settled|ruling|meeting|behaviou?r|approach|choice|choices)\b[^:：.!?—–]{0,50}(?:[:：]|\s[—–]\s)\s*\S|\b(?:instead of|rather than|in place of)\b|,\s*not\s+(?:straight |directly |\w+ly )?(?:\d|(?:from|in|on|via|through|by|with|at|to|into|the|a|an|our|their|any|once)\b)|\bgo(?:ing)? with\b|\bswitch(?:ing|ed)? (?:over )?to\b|\b(?:from now on|going forward|henceforth|no longer|any ?more)\b|\b(?:goes|go|went|moves?|moved|changes?|changed|drops?|dropped|rises?|raised?|lowered?|cut|shortened|extended|increased|decreased|reduced|bumped) (?:\w+ )?from\b[^.;!?]{1,40}?\bto\b|\bmov(?:e|es|ed|ing) (?:out of|off|away from)\b[^.;!?]{1,60}?\b(?:into|to|onto)\b|\bwe(?: also| just| have| 've)? (?:shortened|lengthened|raised|lowered|reduced|increased|cut|bumped|tightened|relaxed|disabled|enabled|turned (?:off|on))\b|\blet'?s (?!(?:see|talk|discuss|check|look|think|figure|recap|review|chat|dig|start|begin|move on|get)\b)\w+|\b(?:is|are) going away\b|(?:^|;\s*)(?:the |our )?[\w-]+(?: [\w-]+){0,4} (?:will|is going to|are going to) (?!(?:be able|need|have to|probably|likely|maybe|see|happen|fail|break|crash|take|cost|look|ask|tell)\b)[a-z]+\b(?![^.;,]*\b(?:if|unless|when|whenever)\b)/i;
const DECISION_ZH = /[，,]\s*不(?:直接|再|要|用)[^，。,]{1,12}[。.]?$|(?:确认|确定|商量好|谈好|定好|同意)了?[：:]|我们同意|我們同意|统一由|决定|決定|选定|选用|采用|就用|敲定|定下来|定了|商定|拍板|说好了|改用|改成|换成|改为|統一為|统一为|统一用|代替|取代|替换成|替换为|最终方案|方案是|定为|从[^，。]{1,20}(?:改成|改为|缩短到|缩短为|延长到|调整为|提高到|提到|提高为|增加到|加到|降到|降低到|降为|减到|减少到|调到|调成)|商量过了?[，,：:]|确定(?:用|为|采用)|最后(?:用|选)|还是用|不再|而不是|而非/;
const DECISION_JA = /(?:し|に|で|へ|を使い|に変え|に短縮し|に統一し)ましょう[。！!]?$|[をは][^。]{1,30}に(?:下げ|上げ|引き下げ|引き上げ|変更し|短縮し|延長し|統一し|切り替え)ます[。.]?$|決めました|決めた(?!ら)|から[^。]{1,20}に(?:短縮|変更|延長|引き上げ|引き下げ|減ら|増や)|ことにした|ことにしました|ことに決め|にしました|のままにします|こととします|こととする|で行きます|でいきます|に統一|に変更し|に移行し|へ移行し|ことにします|ことになった|ことになりました|に決めた|に決めました|を採用|合意し|合意した|ではなく[^。]{1,60}(?:にする|にします|に置き換え|に切り替え|を使う|を使います|で行く|でいく|ます|る)[。.]?$/;

const REASON_EN = /\b(?:because|since|due to|(?<!^)given that|so that|in order to|so as to|to avoid|as it|as they|as we|the (?:deciding|main|key) (?:factor|reason|driver)(?:\s+(?:was|is))?)\b|,\s+as\s+(?=\w)|\breason(?:\s+is|\s+being)?,?\s*[:：]?|\b(?:rationale|motivation)(?:\s+is\b|\s*[:：])|\bthe (?:trigger|problem|issue|catalyst) (?:was|is)\b/i;
const REASON_ZH = /因为|因為|由于|由於|原因是|理由是|为了|為了|考虑到|鉴于|否则/;
const REASON_JA = /理由は|なぜなら|ため[、,]|ので[、,]|(?<!それ|これ|あれ)から[、,]/;
const REASON_START = /^(?:because|otherwise\b|the reason|reason being\b|(?:the )?rationale\b|motivation\s*[:：]|the (?:deciding|main|key) (?:factor|driver)|reason\s*[:：]|that'?s because|this is because|why\s*[:：]|the (?:trigger|problem|issue|catalyst) (?:was|is)\b|what (?:prompted|triggered) (?:this|it|the change) (?:was|is)\b|理由は|理由是|理由[:：]|原因是|原因在于|原因[^，。,：:]{0,6}[:：]|因为|因為|由于|这是因为|是因为|考虑到|鉴于|否则|なぜなら)/i;
/** A Japanese sentence that ends by giving a reason: 「…復元できてしまうためです。」「…使いたがらないからです。」 */
const REASON_END_JA = /(?:ため|から|ので)(?:です|でした|だ|だそうです|とのことです|なんです)?[。.!！]?$/;

const TODO_EN = /\b(?:need(?:s)? to|have to|has to|remember to|don'?t forget(?: to)?|do not forget(?: to)?|remind me|follow up|still need|action item|next step|we should|must (?:\w+ )?(?:before|by)|pending)\b/i;
const TODO_ZH = /待办|待辦|需要|记得|記得|别忘了|別忘了|还要|還要|(?<!不)要在|之前要|麻烦(?:你|您)?(?:在|把|帮)|请(?:在|把)|帮(?:我|忙)把|(?:^|[：:，,]\s*)等到?[^。！？]{2,40}?再/;
const TODO_JA = /やること|必要があ|忘れずに|しておく|しておいて|しなければ|しないといけない|するべき|までに/;

/** "Once the migration is done, remove the shim." — a condition, then an order (a verb, not a subject). */
const CONDITIONAL_ORDER_EN = /^(?:(?:first|second|third|also|and|then|finally|next|lastly|plus|separately|one more thing|and also)[,:]?\s+)?(?!if (?:you can|you could|possible|you like|you want|you have time)\b)(?:if|when|whenever|once|after|as soon as|unless|before|by the time|no later than|should|in case)\b(?:[^,.?!:;]|[.:](?=\d)){3,}?,\s*(?:then\s+)?(?!(?:i|we|you|they|it|he|she|the|a|an|this|that|these|those|there|here|our|my|your|their|its|is|are|was|were|be|been|will|would|can|could|should|might|may|must|all|some|any|each|every|no|not|so|please)\b)[a-z]+\b/i;
/** "Flip the flag once QA signs off." — an order (a verb first), then the event it waits for. */
const ORDER_THEN_CONDITION_EN = /^(?:please\s+|then\s+|and\s+|also\s+)?(?!(?:i|we|you|they|it|he|she|the|a|an|this|that|these|those|there|here|our|my|your|their|its|is|are|was|were|be|been|will|would|can|could|should|might|may|must|do|does|did|how|what|why|who|which|where|when|explain|tell|show|describe|remind)\b)[a-z]+\b[^.?!;]{3,}?\b(?:once|as soon as)\s+\S/i;
/** 「移行が終わったら、古いテーブルを削除します。」 — a condition, then what will be done. */
const CONDITIONAL_ORDER_JA = /(?:(?:たら|れば|次第|後で|あとで|なら|場合は)[、,]|(?:たら|次第)).*(?:ます|する|てください|て下さい|ること|ましょう|ておく)[。.]?$/;
/** 「如果错误率超过 2%，就立即回滚。」 — a condition, then what to do. */
const CONDITIONAL_ORDER_ZH = /^(?:[^，。,：:]{1,12}[：:，,]\s*)?(?:(?:如果|假如|要是|万一|假使|只要|若|一旦|等到?|当)[^，。,；;！？]{2,40}[，,]\s*(?:就|则|请|要|立即|马上|先|再)|等到?[^，。,；;！？]{2,40}(?:以后|之后|后)[，,]\s*\S)/;
const CONDITION_EN = /(?:\b(?:if|when|whenever|once|unless|after|as soon as|provided that|only if|in case)\b|^should\b)(?:[^,.;:!?]|[.:](?=\d))*/i;
const CONDITION_ZH = /(?:如果|若是|要是|万一|假如|一旦|只要)[^，。,；;！？]*|等到?[^，。,；;！？]*?(?=再|[，。,；;！？]|$)|[^，。,；;！？]{2,24}(?:以后|之后)/;
const CONDITION_JA = /[^、。,，]*(?:たら|れば|ようなら|なら(?=[、,])|場合は?|次第|あとで|後で)/;
const DAY = String.raw`(?:next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|tomorrow|tonight|today|noon|midday|midnight|eod|eow|cob|close of business|(?:the )?end of (?:the |this |next )?(?:day|week|month|sprint|quarter|year)|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|q[1-4]|the (?:next )?release|release|launch|\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2}(?:\s*utc)?)`;
const DEADLINE_EN = new RegExp(String.raw`\b(?:by|before|until|no later than|due(?: on| by)?|deadline(?: is)?\s*[:：]?)\s+(?:(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,4}\s+on\s+|the\s+(?=\d))?${DAY}\b[^,.;!?]*`, 'i');
const DEADLINE_ZH = /(?:在)?[^，。,；;！？]{0,16}(?:之前(?!的)|以前(?!の)|前完成|截止)|(?:年内|今年内|本月内|这个月内|本周内|这周内|月底|年底)|(?:下)?(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}\s*月\s*\d{1,2}\s*[日号](?:之?前|以前)?/;
const DEADLINE_JA = /[^、。,，]{0,16}(?:までに|前に)|(?:年内|今年中|今月中|月内|今週中|来週中|週内|年度内)に?|(?:来週|今週)?[月火水木金土日]曜(?:日)?/;

const RULE_EN: Array<[RegExp, RuleKind]> = [
  [/\b(?:always|every time|at all times)\b|^(?:please\s+)?(?:use|run|write|keep|store|name|prefix|tag|format|pin)\b.*\bfor (?:all|every|each|any)\b/i, 'always'],
  [/\bnever\b(?!\s+(?:\w+ed|got|went|came|ran|saw|made|did|had|was|were|been|knew|took|gave|heard|left|paid|sent|told)\b)|\b(?:is|are|be|gets?|must|should|will|may|can) never\b|\b(?:under no circumstances|not allowed|is forbidden|are forbidden|prohibited)\b|^(?:(?:also|and|plus)[,:]?\s+)?(?:(?:on|in|for|with|inside|outside) [^,.;:]{1,30}?,?\s+)?(?:please\s+)?(?:do not|don'?t)\b|\bno\b[^.;]{0,80}\bever\b|^no [\w-]+(?: [\w-]+)? (?:goes|gets|is|are|may|can|ships?|merges?|lands?|leaves?|runs?)\b[^.;]*\bwithout\b|\bat no (?:point|time)\b|(?:^|[:：]\s*)no [\w-]+(?: [\w-]+){0,2} \w+s\b[^.;]*\b(?:while|when|unless|until|without)\b|^(?:nothing|no one|nobody) \w+s\b[^.;]*\b(?:while|unless|until|without|before)\b|\b(?:no one|nobody) (?:may|should|can|is allowed to|gets to)\b/i, 'never'],
  [/\b(?:only (?:use|run|deploy|touch|edit|call|write|allow|accept)|use only|nothing but)\b|\b(?:we|you|they) only (?!(?:need|have|want|got|just)\b)[a-z]+\b|\b[\w-]+ only(?=\s*(?:[;,.!]|$))|\b(?:only|nobody but|no one but|no one except) (?:the )?[\w-]+(?: [\w-]+){0,3} (?:may|can|is allowed to|are allowed to|gets? to|should)\b/i, 'only'],
  [/\b(?:must(?! have been)|must not|mustn'?t|make sure|is required|are required|required to|no more than|at most|at least|(?:are|is) (?:capped|limited) (?:at|to)|may not exceed)\b|^(?:every|each|all)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:needs?|requires?|has to|have to|gets?)\b|^(?:please\s+)?keep\b.*\b(?:under|below|within|less than|fewer than)\s+\d/i, 'must'],
  [/\b(?:i prefer|we prefer|prefer(?:ably)?|i(?:'d| would) rather|i like (?:it )?when|i want (?:you )?to always)\b/i, 'prefer'],
];
const RULE_ZH: Array<[RegExp, RuleKind]> = [
  [/总是|總是|始终|始終|一律|每次都|统一(?:用|使用|返回|采用)|以后统一/, 'always'],
  [/不要|不准|不允许|不可以|不能|不许|不可(?!能)|禁止|严禁|嚴禁|不得|请勿|請勿|永远不|永遠不|绝不|絕不|别再|别用|别把/, 'never'],
  [/只能|只用|只允许|仅|僅|只有[^，。,]{1,20}才/, 'only'],
  [/必须|必須|务必|務必|一定要|都要|都必须|都得/, 'must'],
  [/更喜欢|更喜歡|偏好|倾向于/, 'prefer'],
];
const RULE_JA: Array<[RegExp, RuleKind]> = [
  [/常に|いつも|毎回/, 'always'],
  [/ないでください|ないで下さい|しないで|禁止|てはいけ(?:ない|ません)|てはなら(?:ない)|てはなりません|絶対に?.{0,12}ない|決して/, 'never'],
  [/のみ|だけ(?:を|に|で|が)/, 'only'],
  [/必ず|なければ(?:(?:なら|いけ)ない|(?:なり|いけ)ません)|ないといけ(?:ない|ません)|ようにしてください|ようにして下さい|こと。?$/, 'must'],
  [/方が好き|ほうが好き|好みは/, 'prefer'],
];

function firstMatch(s: string, res: readonly RegExp[]): RegExpExecArray | null {
  for (const re of res) {
    const m = re.exec(s);
    if (m) return m;
  }
  return null;
}

function clause(s: string, from: number): string {
  return s
    .slice(from)
    .replace(/^[\s,，、:：]+/, '')
    .replace(/[\s.。!！?？]+$/, '')
    .trim();
}

/** A Japanese reason after the decision: 「…ことにした、DB 負荷を下げるため。」 (the clause before ため / から / ので). */
const REASON_JA_TAIL = /[、,]\s*([^、,。]{2,}?(?:ため|から|ので))(?:です|だ)?[。.]?$/;

/** Where the reason of a sentence starts and its clause: a marker before it, or a Japanese one after it. */
function reasonAt(s: string): { at: number; reason: string } | undefined {
  const tail = REASON_JA_TAIL.exec(s);
  if (tail && !firstMatch(s, [REASON_EN, REASON_ZH, REASON_JA])) return { at: tail.index, reason: tail[1]! };
  const m = firstMatch(s, [REASON_EN, REASON_ZH, REASON_JA]);
  if (!m) return undefined;
  return { at: m.index, reason: clause(s, m.index + m[0].length).replace(/^(?:that|is that)\s+/i, '') };
}

/** The reason clause of a sentence ("because X" → "X"), if any. */
export function reasonOf(sentence: string): string | undefined {
  const r = reasonAt(plain(sentence))?.reason;
  return r && r.length >= 2 ? r : undefined;
}


/** A Japanese sentence that is its own reason clause (「…かかってしまい、…払っているからです。」): the reason is all of it. */
export const endsAsReason = (sentence: string): boolean => REASON_END_JA.test(plain(sentence).trim());

/** A sentence that gives the reason of the one before it ("Reason: …", "理由は…", "因为…"). */
export function isReasonSentence(sentence: string): boolean {
  const s = plain(sentence).trim();
  return REASON_START.test(s) || REASON_END_JA.test(s);
}

/** A past tense before a date: the date says when it happened. */
const PAST = /\b(?:was|were|had|did)\b/i;

/**
 * "Grade with the laser profile and drop the camera pass — camera grading misread wet bark as rot.": after a dash, the
 * clause that explains a decision the part before the dash states (not "One thing we settled — X", where X is it).
 */
/** A head that only announces what follows the dash ("What we settled on Monday — …", "One thing we agreed — …"). */
const DASH_LABEL = /^(?:(?:and|also|so)\s+)?(?:what|one (?:more )?thing|another thing|something|the (?:one |other |last |first |big )?(?:thing|point|call|change)|here'?s what)\b/i;

function dashReasonAt(s: string): { at: number; reason: string } | undefined {
  const m = /\s[—–]\s+(?=\S)/.exec(s.replace(/\s#[a-z][\s\S]*$/i, '')); // not in a `#reply …` directive after the text
  if (!m || m.index < 12) return undefined;
  const head = s.slice(0, m.index);
  const reason = clause(s, m.index + m[0].length);
  if (reason.split(/\s+/).length < 4 || DASH_LABEL.test(head) || !(firstMatch(head, [DECISION_EN, DECISION_ZH, DECISION_JA]) || LABEL_DECISION.test(head))) return undefined;
  return { at: m.index, reason };
}

function decisionWhat(s: string, reasonAt: number): string {
  const head = (reasonAt >= 0 ? s.slice(0, reasonAt) : s).replace(LABEL_DECISION, '');
  return clause(head, 0).replace(/[\s,，、;；]+$/, '');
}

function ruleKind(s: string): RuleKind | undefined {
  for (const table of [RULE_EN, RULE_ZH, RULE_JA]) for (const [re, kind] of table) if (re.test(s)) return kind;
  return undefined;
}

/** A sentence that asks (it ends with `?`, or `?` comes before a `#` directive). */
export const isQuestion = (s: string): boolean => /[?？]\s*(?:#|$)/.test(s.trim());

/** A row of data (`a,b,c,d`, `| a | b | c |`): a table states values, no decision, TODO or rule. */
const DATA_ROW = /^[^,\s]*(?:,[^,]*){3,}$|^\|?(?:[^|]*\|){3,}/;

/** Classify one sentence; undefined when it states none of the three. */
export function classify(sentence: string, speaker: Speaker): Statement | undefined {
  const s = plain(sentence).trim();
  if (s.length < 6) return undefined;
  if (speaker === 'document' && DATA_ROW.test(s) && !/,\s/.test(s)) return undefined;
  const labelled = LABEL_DECISION.test(s);
  const otherLabel = LABEL_RULE.test(s) || LABEL_TODO.test(s); // "Rule: … no longer …" is the rule it says it is
  const question = isQuestion(s);
  const userDecision = speaker === 'user' && !otherLabel && !question && (!!firstMatch(s, [DECISION_EN, DECISION_ZH, DECISION_JA]) || DECISION_EN_LOOSE.test(s));
  if (labelled || userDecision || (speaker === 'document' && DECISION_DOCUMENT.test(s))) {
    const rm = reasonAt(s) ?? dashReasonAt(s);
    const out: Statement = { type: 'decision', what: decisionWhat(s, rm ? rm.at : -1) || s };
    const reason = reasonOf(s) ?? (rm && rm.reason.length >= 2 ? rm.reason : undefined);
    if (reason) out.reason = reason;
    return out;
  }
  const todoLabel = LABEL_TODO.test(s) || /^(?:TODO|FIXME)\b/.test(s);
  const deadline = firstMatch(s, [DEADLINE_EN, DEADLINE_ZH, DEADLINE_JA]);
  const rule = LABEL_RULE.test(s) ? ruleKind(s) ?? 'constraint' : speaker === 'user' ? (LABEL_REMEMBER.test(s) ? 'constraint' : ruleKind(s)) : undefined;
  const todoMarker = speaker === 'user' && (!!firstMatch(s, [TODO_EN, TODO_ZH, TODO_JA]) || (!rule && !!firstMatch(s, [CONDITIONAL_ORDER_EN, ORDER_THEN_CONDITION_EN, CONDITIONAL_ORDER_ZH, CONDITIONAL_ORDER_JA])));
  // "the weekly plan was stale by Tuesday" tells when something happened, not when it is due
  const due = deadline && !PAST.test(s.slice(0, deadline.index + 1));
  if (todoLabel || todoMarker || (speaker === 'user' && due && !rule)) {
    const label = LABEL_TODO.exec(s)?.[0] ?? '';
    const body = s.slice(label.length).replace(/^(?:TODO|FIXME)\b\s*[:：]?\s*/, '');
    const out: Statement = { type: 'todo', what: clause(body, 0) };
    // "Reminder for after the DPO signs off: …" — the label states the condition
    const cond = firstMatch(label, [CONDITION_EN, CONDITION_ZH, CONDITION_JA]) ?? firstMatch(body, [CONDITION_EN, CONDITION_ZH, CONDITION_JA]);
    if (cond && cond[0].trim().length > 3) out.condition = cond[0].trim();
    const due = firstMatch(body, [DEADLINE_EN, DEADLINE_ZH, DEADLINE_JA]);
    if (due && due[0].trim().length > 1) out.deadline = due[0].trim();
    return out;
  }
  if (rule) return { type: 'rule', kind: rule };
  // "Storage: raw readings stay at 5-second resolution for 400 days, given that the insurer wants …": a statement the
  // user justifies is one they decided; so is one they file under a topic ("Retention: dumps are kept for 30 days.")
  if (speaker === 'user' && !question && ((REASON_STRONG.test(s) && s.split(/\s+/).length >= 8) || TOPIC_STATEMENT.test(s))) {
    const rm = reasonAt(s);
    return { type: 'decision', what: decisionWhat(s, rm ? rm.at : -1) || s, ...(reasonOf(s) ? { reason: reasonOf(s)! } : {}) };
  }
  return undefined;
}

/**
 * A statement filed under a topic: a label of one to four words, a colon, then a clause of six words or more that
 * states a figure or a state (`stay at 5-second resolution for 400 days`, `we keep them`), or a CJK one.
 */
const TOPIC_STATEMENT = /^(?:(?!(?:Background|Context|New thread|Thread|Project|Ticket|Topic|FYI|Note|Summary|Status|Update|Recap|Heads up)\b)[A-Z][\w-]*(?: [\w-]+){0,3}:\s+(?=[^.!?]*(?:\d|\b(?:is|are|will|stays?|goes|go|keeps?|keep|uses?|runs?|moves?|gets?|becomes?|should|must)\b))(?:\S+\s+){5,}\S|[\u3040-\u30ff\u4e00-\u9fff][^:：。]{0,9}[:：]\s*[^。]{8,})/u;

/** A reason marker that justifies what the sentence states (not `since Monday`, not `as`). */
const REASON_STRONG = /\b(?:because|given that|so that|due to|since (?!(?:\d|last|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|then|when|the (?:start|beginning))))|因为|因為|由于|由於|ため[、,]|ので[、,]/i;

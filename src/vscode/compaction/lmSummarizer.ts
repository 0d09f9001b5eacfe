/**
 * A compaction summarizer backed by VS Code's Language Model API (opt-in: the
 * `openclawContext.compaction.summarizer` setting). It sends OpenClaw's own summarization prompt; the
 * core falls back to the mechanical summary on no model, an error, a timeout, cancellation, an empty
 * answer, or a summary OpenClaw's quality audit would reject.
 */
import * as vscode from 'vscode';
import { type Summarizer } from '../../core/compaction/summarizer/seam';
import { buildSummarizationPrompt } from '../../core/compaction/summarizer/prompt';

export interface LmChoice {
  /** the model that answered (for the report) */
  model?: string;
}

export function languageModelSummarizer(family: string, used: LmChoice): Summarizer {
  return async (messages, request) => {
    const models = await vscode.lm.selectChatModels(family ? { family } : {});
    const model = models[0];
    if (!model) throw new Error(family ? `no language model of family "${family}" is available` : 'no language model is available in this VS Code');
    used.model = `${model.vendor}/${model.family}`;
    const { systemPrompt, prompt } = buildSummarizationPrompt(messages, request);
    const cts = new vscode.CancellationTokenSource();
    const onAbort = () => cts.cancel();
    request.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await model.sendRequest(
        [vscode.LanguageModelChatMessage.User(`${systemPrompt}\n\n${prompt}`)],
        { justification: 'OpenClaw Context summarizes the older part of an OpenClaw session for its compaction (you can turn this off in the settings).' },
        cts.token,
      );
      let out = '';
      for await (const part of response.text) out += part;
      return out;
    } finally {
      request.signal.removeEventListener('abort', onAbort);
      cts.dispose();
    }
  };
}

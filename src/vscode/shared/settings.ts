/** Typed access to the extension's settings (one place that knows the keys). */
import * as vscode from 'vscode';
import type { GaugeThresholds } from '../../core/context/gauge';
import { DEFAULT_WARN_TURNS } from '../../core/context/forecast';
import { DEFAULT_POLICY, type ContextPolicy } from '../../core/context/policy';

export const SECTION = 'openclawContext';

export interface Settings {
  stateDir: string | string[];
  configPath: string;
  thresholds: GaugeThresholds;
  statusBarEnabled: boolean;
  statusBarAlignment: 'left' | 'right';
  refreshDebounceMs: number;
  showMessages: boolean;
  checkpoints: CheckpointSettings;
  compaction: CompactionSettingsUi;
  memory: MemorySettings;
  /** seed 004's two thresholds (core/context/policy.ts) */
  policy: ContextPolicy;
}

export interface MemorySettings {
  lint: boolean;
  autoFlush: boolean;
  dreamDays: number;
  logEngineErrors: boolean;
}

export interface CompactionSettingsUi {
  summarizer: 'mechanical' | 'languageModel';
  languageModelFamily: string;
  modelTimeoutMs: number;
  /** warn when the forecast puts OpenClaw's compaction at most this many turns away (0: off) */
  warnTurns: number;
}

export interface CheckpointSettings {
  auto: boolean;
  keep: number;
  offerResume: boolean;
  warnCompactionSpiral: boolean;
  restoreTokens: number;
}

export function readSettings(): Settings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const num = (k: string, d: number) => {
    const v = c.get<number>(k);
    return typeof v === 'number' && Number.isFinite(v) ? v : d;
  };
  const raw = c.get<string | string[]>('stateDir', '');
  return {
    stateDir: Array.isArray(raw) ? raw.filter((x) => typeof x === 'string') : typeof raw === 'string' ? raw : '',
    configPath: c.get<string>('configPath', '') ?? '',
    thresholds: { warn: num('thresholds.warn', 70), checkpoint: num('thresholds.checkpoint', 80), danger: num('thresholds.danger', 95) },
    statusBarEnabled: c.get<boolean>('statusBar.enabled', true) !== false,
    statusBarAlignment: c.get<string>('statusBar.alignment') === 'right' ? 'right' : 'left',
    refreshDebounceMs: Math.max(0, num('refreshDebounceMs', 150)),
    showMessages: c.get<boolean>('sessions.showMessages', true) !== false,
    checkpoints: {
      auto: c.get<boolean>('checkpoints.auto', true) !== false,
      keep: Math.min(100, Math.max(1, Math.round(num('checkpoints.keep', 5)))),
      offerResume: c.get<boolean>('checkpoints.offerResume', true) !== false,
      warnCompactionSpiral: c.get<boolean>('checkpoints.warnCompactionSpiral', true) !== false,
      restoreTokens: Math.min(4000, Math.max(200, Math.round(num('checkpoints.restoreTokens', 700)))),
    },
    compaction: {
      summarizer: c.get<string>('compaction.summarizer') === 'languageModel' ? 'languageModel' : 'mechanical',
      languageModelFamily: c.get<string>('compaction.languageModelFamily', '') ?? '',
      modelTimeoutMs: Math.min(900, Math.max(5, num('compaction.modelTimeoutSeconds', 120))) * 1000,
      warnTurns: Math.min(20, Math.max(0, Math.round(num('compaction.warnTurns', DEFAULT_WARN_TURNS)))),
    },
    memory: {
      lint: c.get<boolean>('memory.lint', true) !== false,
      autoFlush: c.get<boolean>('memory.autoFlush', false) === true,
      dreamDays: Math.min(90, Math.max(1, Math.round(num('memory.dreamDays', 7)))),
      logEngineErrors: c.get<boolean>('memory.logEngineErrors', true) !== false,
    },
    policy: {
      enabled: c.get<boolean>('policy.enabled', DEFAULT_POLICY.enabled) === true,
      earlyExportPercent: Math.min(95, Math.max(10, num('policy.earlyExportPercent', DEFAULT_POLICY.earlyExportPercent))),
      cleanupPercent: Math.min(99, Math.max(10, num('policy.cleanupPercent', DEFAULT_POLICY.cleanupPercent))),
    },
  };
}

export function affects(e: vscode.ConfigurationChangeEvent, ...keys: string[]): boolean {
  return keys.some((k) => e.affectsConfiguration(`${SECTION}.${k}`));
}

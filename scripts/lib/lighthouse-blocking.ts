// What Lighthouse's Total Blocking Time counts in one run, task by task. With its mobile preset Lighthouse does
// not measure blocking time: its simulation (Lantern) replays the page's main-thread tasks, each observed task ×4
// (×2 if it laid out), on a simulated slow phone and network, and adds up what every task over 50 ms spends past
// 50 ms between the simulated first contentful paint and the simulated time to interactive. The simulation keeps
// only some tasks in its first-paint graph (the first parse, layout and paint, and blocking scripts), so a task it
// leaves out can count even when it ran before the page painted (docs/product-rules.md#budgets).
import type { RunnerResult } from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const THRESHOLD_MS = 50;

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}
interface CpuNode {
  type: string;
  event: TraceEvent;
  childEvents: TraceEvent[];
  didPerformLayout(): boolean;
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<CpuNode, Timing>;
}
interface MetricResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

export interface BlockingTask {
  /** Blocking time it adds to the pessimistic estimate, in ms. */
  counted: number;
  simulatedStart: number;
  simulatedEnd: number;
  /** As the trace has it, ms after the navigation started. */
  observedAt: number;
  observed: number;
  layout: boolean;
  /** The work inside it that took longest, and the script it ran, if any. */
  summary: string;
}

export interface BlockingExplanation {
  tbt: number;
  firstPaint: { optimistic: number; pessimistic: number };
  interactive: { optimistic: number; pessimistic: number };
  tasks: BlockingTask[];
}

/** Events inside a task worth naming: Blink's and V8's own steps, not the wrappers around them. */
const NAMED =
  /^(ParseHTML|Layout|UpdateLayoutTree|Paint|PaintImage|PrePaint|Layerize|Commit|EvaluateScript|v8\.\w+|FunctionCall|TimerFire|EventDispatch|MinorGC|MajorGC|DocumentLoader::CommitNavigation|LocalWindowProxy::Initialize|RunMicrotasks)$/;

function summarize(node: CpuNode): string {
  const totals = new Map<string, number>();
  for (const event of node.childEvents) {
    if (NAMED.test(event.name)) totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const parts = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, total]) => `${name} ${total.toFixed(1)}`);
  const url = node.childEvents.find((event) => event.args?.data?.url)?.args?.data?.url;
  const file = url ? new URL(url, 'http://localhost').pathname.split('/').pop() || '/' : '';
  return `${parts.join(', ')}${file ? ` (${file.slice(0, 40)})` : ''}`;
}

/** Lighthouse's own reckoning of the run's TBT, with the tasks it counts. */
export async function explainBlocking(run: RunnerResult): Promise<BlockingExplanation> {
  const { artifacts, lhr } = run;
  const settings = lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    HostDPR: artifacts.HostDPR,
    simulator: null,
  };
  const context = { computedCache: new Map(), settings };
  // The computed artifacts' declared parameter types are Lighthouse's internal ones; these are the same values.
  const request = (metric: { request(data: unknown, context: unknown): Promise<unknown> }) =>
    metric.request(data, context) as Promise<MetricResult>;
  const fcp = await request(LanternFirstContentfulPaint);
  const interactive = await request(LanternInteractive);
  const tbt = await request(LanternTotalBlockingTime);
  // The pessimistic estimate counts from the optimistic first paint to the pessimistic interactive: the wider window.
  const from = fcp.optimisticEstimate.timeInMs;
  const to = interactive.pessimisticEstimate.timeInMs;
  const navigation = artifacts.Trace.traceEvents.find(
    (event: TraceEvent) =>
      event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL,
  ) as TraceEvent | undefined;
  const tasks: BlockingTask[] = [];
  for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== 'cpu' || timing.duration < THRESHOLD_MS) continue;
    const clipped = Math.min(timing.endTime, to) - Math.max(timing.startTime, from);
    const counted = clipped >= THRESHOLD_MS ? clipped - THRESHOLD_MS : 0;
    if (counted <= 0) continue;
    tasks.push({
      counted,
      simulatedStart: timing.startTime,
      simulatedEnd: timing.endTime,
      observedAt: navigation ? (node.event.ts - navigation.ts) / 1000 : Number.NaN,
      observed: (node.event.dur ?? 0) / 1000,
      layout: node.didPerformLayout(),
      summary: summarize(node),
    });
  }
  tasks.sort((a, b) => a.simulatedStart - b.simulatedStart);
  return {
    tbt: tbt.timing,
    firstPaint: { optimistic: fcp.optimisticEstimate.timeInMs, pessimistic: fcp.pessimisticEstimate.timeInMs },
    interactive: {
      optimistic: interactive.optimisticEstimate.timeInMs,
      pessimistic: interactive.pessimisticEstimate.timeInMs,
    },
    tasks,
  };
}

/** The explanation as lines to print under a page's results. */
export function blockingLines(explanation: BlockingExplanation): string[] {
  const round = Math.round;
  return [
    `  TBT ${round(explanation.tbt)} ms: simulated first paint ${round(explanation.firstPaint.optimistic)}–` +
      `${round(explanation.firstPaint.pessimistic)} ms, interactive ${round(explanation.interactive.optimistic)}–` +
      `${round(explanation.interactive.pessimistic)} ms; the tasks the pessimistic estimate counts:`,
    ...explanation.tasks.map(
      (task) =>
        `    ${String(round(task.counted)).padStart(4)} ms  simulated ${round(task.simulatedStart)}–${round(task.simulatedEnd)}, ` +
        `observed ${task.observed.toFixed(1)} ms at +${round(task.observedAt)} ms${task.layout ? ' (lays out: ×2)' : ''}: ` +
        task.summary,
    ),
  ];
}

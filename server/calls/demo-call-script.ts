import scriptJson from '#content/demo-call-script.json' with { type: 'json' };
import { type DemoCallScript, demoCallScript } from '#content/schema.ts';
import type { CallReport } from './call-reports.ts';

// The scripted demo call (content/demo-call-script.json) as the reports the local call driver feeds, each at its
// time: the same reports the Vapi hook makes of Vapi's messages (server/calls/call-reports.ts).

/** One report and when it comes, in milliseconds at pace 1 after the one before. */
export interface ScriptBeat {
  afterMs: number;
  report: CallReport;
}

/** Partial lines heard before each final one: the utterance so far, a third and two thirds of the way. */
const PARTIALS = 2;

function partialsOf(text: string): string[] {
  const words = text.split(/\s+/);
  const partials: string[] = [];
  for (let i = 1; i <= PARTIALS; i++) {
    const upTo = Math.floor((words.length * i) / (PARTIALS + 1));
    if (upTo > 0) partials.push(words.slice(0, upTo).join(' '));
  }
  return partials;
}

/** The script as timed reports; `{firstName}` becomes the caller's first name. */
export function scriptBeats(script: DemoCallScript, firstName: string): ScriptBeat[] {
  const beats: ScriptBeat[] = [];
  let durationMs = 0;
  let talking = false;
  for (const step of script.steps) {
    if (talking) durationMs += step.afterMs + ('speakMs' in step ? step.speakMs : 0);
    if ('state' in step) {
      if (step.state === 'in-progress') talking = true;
      if (step.state === 'ended') talking = false;
      beats.push({ afterMs: step.afterMs, report: { type: 'state', state: step.state, outcome: step.outcome } });
    } else if ('say' in step) {
      const text = step.text.replaceAll('{firstName}', firstName);
      const partials = partialsOf(text);
      const each = Math.round(step.speakMs / (partials.length + 1));
      partials.forEach((partial, i) => {
        beats.push({
          afterMs: i === 0 ? step.afterMs + each : each,
          report: { type: 'line', role: step.say, text: partial, final: false },
        });
      });
      beats.push({
        afterMs: partials.length === 0 ? step.afterMs + step.speakMs : each,
        report: { type: 'line', role: step.say, text, final: true },
      });
    } else if ('fields' in step) {
      beats.push({ afterMs: step.afterMs, report: { type: 'fields', fields: step.fields } });
    } else {
      beats.push({
        afterMs: step.afterMs,
        report: {
          type: 'summary',
          durationSeconds: Math.round(durationMs / 1000),
          learned: step.summary.learned,
          nextStep: step.summary.nextStep,
        },
      });
    }
  }
  return beats;
}

/** The demo call of content/demo-call-script.json, checked as the build checks it. */
export const DEMO_CALL_SCRIPT: DemoCallScript = demoCallScript.parse(scriptJson);

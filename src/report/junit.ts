/**
 * `junit.xml` of the outbox: the run as a test suite, so any CI can show it and gate on it with
 * the JUnit support it already has. Cases: the outcome (fails unless the run completed), the
 * verdict (fails when blocked), and one case per denial — skipped, with the rule and the reason
 * (the policy did its job; the person reading sees what the agent was refused). Pure.
 *
 * The shape is what both published JUnit schemas accept (schema/junit.xsd is that common profile):
 * Jenkins' (xunit plugin, junit-10.xsd) takes no `skipped` on <testsuites>; Apache Ant's (the
 * windyroad JUnit.xsd) takes no attribute there at all, and wants each suite's package, id,
 * hostname and a zone-less timestamp, and its properties, system-out and system-err, in order.
 */
import type { RunResultJson } from '../outbox/index.js';
import { describeOutcome, describeVerdict } from './outcome-text.js';
import { listedName } from '../quoted-text.js';

/** `timestamp`: ISO 8601 in UTC (written without its zone, as Ant does); `hostname`: the machine that ran it. */
export function renderJunit(result: RunResultJson, timestamp: string, hostname = 'localhost'): string {
  const seconds = (result.durationMs / 1000).toFixed(3);
  const cases: string[] = [];
  const outcomeOk = result.outcome.reason === 'completed';
  cases.push(testcase('warden.run', 'outcome', seconds, outcomeOk ? '' : `<failure message="${attr(describeOutcome(result.outcome))}" type="${attr(result.outcome.reason)}"/>`));
  const blocked = result.verdict === 'blocked';
  cases.push(testcase('warden.run', 'verdict', '0', blocked ? `<failure message="${attr(describeVerdict(result.verdict, 0))}" type="blocked"/>` : ''));
  for (const d of result.denials) {
    const rule = d.rule === null ? 'no rule allows it' : `rule ${d.rule}`;
    cases.push(testcase('warden.denials', `${d.tool}: ${d.input}`, '0', `<skipped message="${attr(`denied (${rule})`)}">${text(d.reason)}</skipped>`));
  }
  const failures = (outcomeOk ? 0 : 1) + (blocked ? 1 : 0);
  const counts = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${result.denials.length}"`;
  const properties = [
    ['outcome', result.outcome.reason],
    ['verdict', result.verdict],
    ['model', result.model],
    ['turns', String(result.turns)],
    ['cost_usd', result.costUsd === null ? 'unknown' : result.costUsd.toFixed(4)],
    ['files_changed', String(result.filesChanged.length)],
    ['starting_commit', result.startingCommit ?? ''],
  ]
    .map(([name, value]) => `      <property name="${attr(name ?? '')}" value="${attr(value ?? '')}"/>`)
    .join('\n');
  const out = result.filesChanged.length === 0 ? '' : text(`Files changed:\n${result.filesChanged.map(listedName).join('\n')}`);
  const host = hostname.trim().replace(/\s+/g, '-') || 'localhost';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="warden run" package="warden" id="0" hostname="${attr(host)}" ${counts} time="${seconds}" timestamp="${attr(zoneless(timestamp))}">`,
    '    <properties>',
    properties,
    '    </properties>',
    ...cases,
    `    <system-out>${out}</system-out>`,
    '    <system-err></system-err>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** `2026-12-01T12:00:00.123Z` → `2026-12-01T12:00:00`: the form Ant writes and its schema requires. */
function zoneless(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.exec(iso)?.[0] ?? iso;
}

function testcase(classname: string, name: string, time: string, body: string): string {
  const open = `    <testcase classname="${attr(classname)}" name="${attr(name.slice(0, 300))}" time="${time}"`;
  return body === '' ? `${open}/>` : `${open}>\n      ${body}\n    </testcase>`;
}

// XML 1.0 allows only these characters; everything else (most C0 controls, lone surrogates,
// U+FFFE/U+FFFF) would make the file unparsable, so it goes.
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function text(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

import type { ReportDocument } from '../../src/lib/shift-report-document'
import type { Headline, ReportKind } from '../../src/lib/shift-report-figures'
import { slackLink, slackText, teamsCard } from '../alerts/channels'

/** What a chat channel or a webhook is told of a report: its title and headline, and where to read it. */
export interface ReportSummary {
  reportId: number
  kind: ReportKind
  start: number
  end: number
  document: ReportDocument
  headline: Headline
  link: { href: string; text: string } | null
}

/** the headline facts (output, OEE and its factors) as "label: value" lines */
const factLines = (s: ReportSummary) =>
  (s.document.sections[0]?.facts ?? []).map((f) => `${f.label}: ${f.value}`)
/** the stops' sentence (stop time, explained share, unexplained) */
const stopsLine = (s: ReportSummary) => s.document.sections.find((x) => x.id === 'stops')?.paragraphs[0] ?? ''

/** The generic webhook's JSON body: stable field names, the figures as numbers, times in ISO 8601. */
export function reportWebhookBody(s: ReportSummary) {
  const { sums: _, ...headline } = s.headline
  return {
    type: 'report',
    kind: s.kind,
    id: s.reportId,
    title: s.document.title,
    text: [s.document.span, ...factLines(s), stopsLine(s)].join('\n'),
    url: s.link?.href ?? null,
    start: new Date(s.start).toISOString(),
    end: new Date(s.end).toISOString(),
    headline,
  }
}

/** A Slack incoming webhook's body: the title, the headline as fields, the stops, the link. */
export function reportSlackBody(s: ReportSummary) {
  const facts = s.document.sections[0]?.facts ?? []
  return {
    text: slackText(`📋 ${s.document.title}`),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: s.document.title.slice(0, 150) } },
      { type: 'context', elements: [{ type: 'plain_text', text: s.document.span }] },
      {
        type: 'section',
        fields: facts
          .slice(0, 10)
          .map((f) => ({ type: 'mrkdwn', text: `*${slackText(f.label)}*\n${slackText(f.value)}` })),
      },
      { type: 'section', text: { type: 'plain_text', text: stopsLine(s) } },
      ...(s.link ? [slackLink(s.link.href, s.link.text)] : []),
    ],
  }
}

/** A Microsoft Teams (Workflows) body: one Adaptive Card with the headline as a FactSet and the link. */
export function reportTeamsBody(s: ReportSummary) {
  return teamsCard(
    [
      { type: 'TextBlock', size: 'Large', weight: 'Bolder', wrap: true, text: s.document.title },
      { type: 'TextBlock', wrap: true, isSubtle: true, text: s.document.span },
      {
        type: 'FactSet',
        facts: (s.document.sections[0]?.facts ?? []).map((f) => ({ title: f.label, value: f.value })),
      },
      { type: 'TextBlock', wrap: true, text: stopsLine(s) },
    ],
    s.link ? { href: s.link.href, title: s.link.text } : null,
  )
}

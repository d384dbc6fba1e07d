// The judge's prompts: versioned template files in lib/judge/prompts/ (<name>.<version>.md, a `---system---`
// part and a `---user---` part with {{placeholders}}), read at run time so the UI can show the exact text a
// run used, and the helpers that render a conversation, a meta-rubric and a rubric item into them.
import { TIERS } from '@/lib/vocabulary/enums';
import fs from 'node:fs';
import path from 'node:path';
import { z } from '@/lib/zod';
import { messageSchema } from '@/lib/import/native-schema';
import { parseGenerationRules, RED_LINE_TIERS } from '@/lib/meta-rubrics/generation-rules';
import { type GenerationRules, type Principle, principleSchema } from '@/lib/meta-rubrics/schemas';

export const PROMPTS_DIR = path.join(process.cwd(), 'lib', 'judge', 'prompts');

export type TemplateName = 'grade' | 'generate' | 'pairwise' | 'verify' | 'proxy';
export type TemplateVersion = 'v1';
/** The version each task uses now; a new version is a new file, the old one stays for earlier runs. */
export const CURRENT_TEMPLATE_VERSION: Record<TemplateName, TemplateVersion> = {
  grade: 'v1',
  generate: 'v1',
  pairwise: 'v1',
  verify: 'v1',
  proxy: 'v1',
};

export interface PromptTemplate {
  name: TemplateName;
  version: TemplateVersion;
  system: string;
  user: string;
  /** The placeholder names used, in order of first appearance. */
  placeholders: string[];
  /** The file's text, for the UI. */
  source: string;
}

const SYSTEM_MARKER = '---system---';
const USER_MARKER = '---user---';
const PLACEHOLDER = /\{\{([a-z][a-z0-9_]*)\}\}/g;

/** Placeholder names in order of first appearance; throws on `{{` or `}}` that is not a well-formed placeholder. */
function placeholdersOf(text: string, where: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
  const rest = text.replace(PLACEHOLDER, '');
  const at = rest.search(/\{\{|\}\}/);
  if (at >= 0) throw new Error(`${where}: malformed placeholder near "${rest.slice(Math.max(0, at - 20), at + 20)}"`);
  return [...new Set(names)];
}

/** Splits a template file into its parts; exported for tests of the file format. */
export function parseTemplate(source: string, where: string): { system: string; user: string; placeholders: string[] } {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const systemAt = lines.indexOf(SYSTEM_MARKER);
  const userAt = lines.indexOf(USER_MARKER);
  const count = (marker: string) => lines.filter((line) => line === marker).length;
  if (systemAt !== 0 || count(SYSTEM_MARKER) !== 1 || userAt < 0 || count(USER_MARKER) !== 1) {
    throw new Error(`${where}: a template starts with a line ${SYSTEM_MARKER} and has one line ${USER_MARKER}`);
  }
  const system = lines.slice(1, userAt).join('\n').trim();
  const user = lines
    .slice(userAt + 1)
    .join('\n')
    .trim();
  if (!system || !user) throw new Error(`${where}: the system and user parts must not be empty`);
  const placeholders = [...new Set([...placeholdersOf(system, where), ...placeholdersOf(user, where)])];
  return { system, user, placeholders };
}

const cache = new Map<string, PromptTemplate>();

/** A template as stored in lib/judge/prompts/<name>.<version>.md, read once per process. */
export function loadTemplate(name: TemplateName, version: TemplateVersion = CURRENT_TEMPLATE_VERSION[name]): PromptTemplate {
  const key = `${name}.${version}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const file = path.join(PROMPTS_DIR, `${key}.md`);
  const source = fs.readFileSync(file, 'utf8');
  const template: PromptTemplate = { name, version, ...parseTemplate(source, file), source };
  cache.set(key, template);
  return template;
}

/**
 * Fills every {{placeholder}} of both parts in one pass. Throws when a placeholder has no value (or the
 * template has a malformed one), so no {{x}} of the template survives. Values are inserted verbatim and never
 * expanded again: a conversation that itself contains "{{x}}" keeps it. Extra values are ignored.
 */
export function renderPrompt(
  template: Pick<PromptTemplate, 'system' | 'user'>,
  values: Readonly<Record<string, string>>,
): { system: string; user: string } {
  const needed = [...new Set([...placeholdersOf(template.system, 'system'), ...placeholdersOf(template.user, 'user')])];
  const missing = needed.filter((name) => !Object.hasOwn(values, name) || typeof values[name] !== 'string');
  if (missing.length > 0) throw new Error(`renderPrompt: no value for ${missing.map((name) => `{{${name}}}`).join(', ')}`);
  const fill = (text: string) => text.replace(PLACEHOLDER, (_match, name: string) => values[name] as string);
  return { system: fill(template.system), user: fill(template.user) };
}

// ── render helpers ──

export type ConversationMessage = z.infer<typeof messageSchema>;

/** Query.conversation (JSON) as typed messages; throws when it is not a non-empty list of { role, content }. */
export function parseConversation(json: unknown): ConversationMessage[] {
  return z.array(messageSchema).min(1).parse(json);
}

/** Each message in a `<message role="…">` block, blank line between, in order. */
export function renderConversation(messages: readonly ConversationMessage[]): string {
  return messages.map((message) => `<message role="${message.role}">\n${message.content}\n</message>`).join('\n\n');
}

/** A rubric item as the grader sees it: "[points] title", then the description on its own line when there is one. */
export function renderRubricItem(criterion: { points: number; title: string; description: string }): string {
  const description = criterion.description.trim();
  return `[${criterion.points}] ${criterion.title.trim()}${description ? `\n${description}` : ''}`;
}

/** Principles as a numbered list: title, id, tiers, hard constraint, text, weight guidance and examples. */
export function renderPrinciples(principles: readonly Principle[]): string {
  return principles
    .map((principle, index) => {
      const lines = [
        `${index + 1}. ${principle.title} (id: ${principle.id})${principle.hard ? ' (HARD CONSTRAINT: violating it is a red line)' : ''}`,
        `   Tiers: ${principle.tiers.join(', ')}`,
        `   ${principle.text}`,
      ];
      if (principle.weightGuidance) lines.push(`   Weight guidance: ${principle.weightGuidance}`);
      for (const example of principle.positiveExamples) lines.push(`   Good example: ${example}`);
      for (const example of principle.negativeExamples) lines.push(`   Bad example: ${example}`);
      return lines.join('\n');
    })
    .join('\n\n');
}

function countRule(min: number, max: number | undefined): string {
  if (max === undefined) return min > 0 ? `at least ${min}` : 'any number';
  if (min === max) return `exactly ${min}`;
  return min > 0 ? `${min} to ${max}` : `at most ${max}`;
}

/** Generation rules as a bulleted list: the total, then per tier its count and point scale, then red lines. */
export function renderGenerationRules(rules: GenerationRules): string {
  const lines = [`- Write ${countRule(rules.minCriteria, rules.maxCriteria)} criteria in total.`];
  for (const tier of TIERS) {
    const { min, max } = rules.perTier[tier];
    const scale = rules.pointScales[tier];
    lines.push(`- ${tier} criteria: ${countRule(min, max)}, each worth ${scale.min} to ${scale.max} points.`);
  }
  lines.push(
    `- Red lines: only ${RED_LINE_TIERS.join(' and ')} criteria can be red lines.${rules.redLinePolicy ? ` ${rules.redLinePolicy}` : ''}`,
  );
  return lines.join('\n');
}

/**
 * A meta-rubric version (its stored principles and generationRules JSON) as text for the generation prompt:
 * a "## Principles" section and a "## Generation rules" section. Throws when the stored JSON is malformed.
 */
export function renderMetaRubric(version: { principles: unknown; generationRules: unknown }): string {
  const principles = z.array(principleSchema).min(1).parse(version.principles);
  const rules = parseGenerationRules(version.generationRules);
  return `## Principles\n\n${renderPrinciples(principles)}\n\n## Generation rules\n\n${renderGenerationRules(rules)}`;
}

// ── one builder per task: the placeholder names live here and in the template files only ──

/** The grade prompt: one response (the final assistant turn) against one rubric item. */
export function buildGradePrompt({
  conversation,
  response,
  criterion,
}: {
  conversation: readonly ConversationMessage[];
  response: string;
  criterion: { points: number; title: string; description: string };
}): { system: string; user: string } {
  return renderPrompt(loadTemplate('grade'), {
    conversation: renderConversation(conversation),
    response,
    rubric_item: renderRubricItem(criterion),
  });
}

/** The generation prompt: a rubric for the conversation under a meta-rubric version. */
export function buildGeneratePrompt({
  conversation,
  metaRubricVersion,
}: {
  conversation: readonly ConversationMessage[];
  metaRubricVersion: { principles: unknown; generationRules: unknown };
}): { system: string; user: string } {
  return renderPrompt(loadTemplate('generate'), {
    meta_rubric: renderMetaRubric(metaRubricVersion),
    conversation: renderConversation(conversation),
  });
}

/** The pairwise prompt, with the responses in presented order (pass B as responseA for order BA). */
export function buildPairwisePrompt({
  conversation,
  principles,
  responseA,
  responseB,
}: {
  conversation: readonly ConversationMessage[];
  principles: unknown;
  responseA: string;
  responseB: string;
}): { system: string; user: string } {
  return renderPrompt(loadTemplate('pairwise'), {
    principles: renderPrinciples(z.array(principleSchema).min(1).parse(principles)),
    conversation: renderConversation(conversation),
    response_a: responseA,
    response_b: responseB,
  });
}

/** The verify prompt: does one response satisfy one verifiable rubric's constraint (a yes/no answer)? */
export function buildVerifyPrompt({
  conversation,
  response,
  constraint,
}: {
  conversation: readonly ConversationMessage[];
  response: string;
  constraint: string;
}): { system: string; user: string } {
  return renderPrompt(loadTemplate('verify'), { conversation: renderConversation(conversation), response, constraint });
}

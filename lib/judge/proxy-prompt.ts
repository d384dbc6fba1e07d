// The PROXY prompt (lib/judge/prompts/proxy.v1.md): the conversation, the rubric as numbered items with their
// points, and the two responses in presented order.
import { type ConversationMessage, loadTemplate, renderConversation, renderPrompt, renderRubricItem } from '@/lib/judge/prompts';

export function buildProxyPrompt({
  conversation,
  rubric,
  responseA,
  responseB,
}: {
  conversation: readonly ConversationMessage[];
  rubric: readonly { points: number; title: string; description: string }[];
  responseA: string;
  responseB: string;
}): { system: string; user: string } {
  return renderPrompt(loadTemplate('proxy'), {
    conversation: renderConversation(conversation),
    rubric: rubric.map((criterion, index) => `${index + 1}. ${renderRubricItem(criterion)}`).join('\n'),
    response_a: responseA,
    response_b: responseB,
  });
}

// A PROXY run's input: the judge launcher's PROXY variant of runInputSchema, shared by the launcher form and the
// discriminability actions.
import { runInputSchema } from '@/lib/judge/run-schemas';

const proxyOption = runInputSchema.options.find((option) => option.shape.kind.value === 'PROXY');
if (!proxyOption) throw new Error('runInputSchema has no PROXY variant');
export const proxyRunInputSchema = proxyOption;

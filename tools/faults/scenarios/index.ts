// The fault drills of `npm run faults`, in the order they run (the export drill releases the dataset the
// import drill imported).
import type { Scenario } from '@/tools/faults/context';
import { dbOutage } from '@/tools/faults/scenarios/db-outage';
import { exportKill } from '@/tools/faults/scenarios/export-kill';
import { importKill } from '@/tools/faults/scenarios/import-kill';
import { judgeKill } from '@/tools/faults/scenarios/judge-kill';

export const SCENARIOS: Scenario[] = [importKill, judgeKill, exportKill, dbOutage];

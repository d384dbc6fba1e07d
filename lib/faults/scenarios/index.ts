// The fault drills of `npm run faults`, in the order they run (the export drill releases the dataset the
// import drill imported).
import type { Scenario } from '@/lib/faults/context';
import { dbOutage } from '@/lib/faults/scenarios/db-outage';
import { exportKill } from '@/lib/faults/scenarios/export-kill';
import { importKill } from '@/lib/faults/scenarios/import-kill';
import { judgeKill } from '@/lib/faults/scenarios/judge-kill';

export const SCENARIOS: Scenario[] = [importKill, judgeKill, exportKill, dbOutage];

// Kept only so branches that still import it keep building: route ids are parsed in lib/http/route-params.ts.
export { parseRouteId } from '@/lib/http/route-params';

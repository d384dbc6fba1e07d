// What a campaign's selection would take: queries and criteria, and per category × tier how many criteria
// are selected out of the eligible population (the audit mode's), so a stratified sample can be checked for proportionality.
import { CATEGORIES, TIERS } from '@/lib/vocabulary/enums';
import { CATEGORY_LABELS, TIER_LABELS } from '@/components/criteria/labels';
import type { SelectionPreview as Preview } from '@/lib/audit/create-campaign';
import { ScrollRegion } from '@/components/ui/scroll-region';

const pct = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—');

export function SelectionPreview({ preview, stale }: { preview: Preview; stale: boolean }) {
  const population = preview.strata.reduce((sum, row) => sum + row.population, 0);
  const byCategory = CATEGORIES.map((category) => ({
    category,
    rows: preview.strata.filter((row) => row.category === category).sort((a, b) => TIERS.indexOf(a.tier) - TIERS.indexOf(b.tier)),
  })).filter((group) => group.rows.length > 0);
  return (
    <div className={stale ? 'opacity-60' : undefined} data-testid="selection-preview">
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-md bg-brand-50 px-3 py-2 ring-1 ring-brand-100">
          <dt className="text-xs font-medium text-brand-700">Queries</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid="preview-queries">
            {preview.queries.toLocaleString('en')}
          </dd>
        </div>
        <div className="rounded-md bg-brand-50 px-3 py-2 ring-1 ring-brand-100">
          <dt className="text-xs font-medium text-brand-700">Criteria</dt>
          <dd className="text-xl font-semibold tabular-nums text-slate-900" data-testid="preview-criteria">
            {preview.criteria.toLocaleString('en')}
          </dd>
        </div>
      </dl>
      {preview.criteria === 0 ? (
        <p className="mt-3 text-sm text-amber-800">No eligible criteria match: widen the selection or choose another audit mode.</p>
      ) : null}
      {byCategory.length > 0 ? (
        // Headers and categories wrap, so that all seven columns fit the form's preview column at 1280 px; narrower
        // than that the table scrolls in its own region.
        <ScrollRegion label="Criteria by category and tier" className="mt-3 rounded-md ring-1 ring-slate-200">
          <table className="min-w-full text-xs" aria-label="Criteria by category and tier">
            <thead className="bg-slate-50 align-bottom text-slate-500">
              <tr>
                <th scope="col" className="px-1.5 py-1.5 text-left font-semibold">
                  Category
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-left font-semibold">
                  Tier
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-right font-semibold">
                  Selected
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-right font-semibold">
                  Eligible
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-right font-semibold" title="Selected ÷ eligible in this stratum">
                  Drawn
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-right font-semibold" title="This stratum's share of the selection">
                  % of selection
                </th>
                <th scope="col" className="px-1.5 py-1.5 text-right font-semibold" title="This stratum's share of the eligible population">
                  % of eligible
                </th>
              </tr>
            </thead>
            {byCategory.map((group) => (
              <tbody key={group.category} className="border-t border-slate-200">
                {group.rows.map((row, index) => (
                  <tr key={row.tier} className={row.selected === 0 ? 'text-slate-500' : 'text-slate-700'}>
                    {index === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={group.rows.length}
                        className="px-1.5 py-1 text-left align-top font-medium text-slate-800"
                      >
                        {CATEGORY_LABELS[row.category]}
                      </th>
                    ) : null}
                    <th scope="row" className="px-1.5 py-1 text-left font-normal">
                      {TIER_LABELS[row.tier].label}
                    </th>
                    <td className="px-1.5 py-1 text-right tabular-nums">{row.selected.toLocaleString('en')}</td>
                    <td className="px-1.5 py-1 text-right tabular-nums">{row.population.toLocaleString('en')}</td>
                    <td className="px-1.5 py-1 text-right tabular-nums">{pct(row.selected, row.population)}</td>
                    <td className="px-1.5 py-1 text-right tabular-nums">{pct(row.selected, preview.criteria)}</td>
                    <td className="px-1.5 py-1 text-right tabular-nums">{pct(row.population, population)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
            <tfoot className="border-t border-slate-300 bg-slate-50 font-semibold text-slate-800">
              <tr>
                <th scope="row" colSpan={2} className="px-1.5 py-1.5 text-left">
                  Total
                </th>
                <td className="px-1.5 py-1.5 text-right tabular-nums">{preview.criteria.toLocaleString('en')}</td>
                <td className="px-1.5 py-1.5 text-right tabular-nums">{population.toLocaleString('en')}</td>
                <td className="px-1.5 py-1.5 text-right tabular-nums">{pct(preview.criteria, population)}</td>
                <td className="px-1.5 py-1.5 text-right tabular-nums">{preview.criteria > 0 ? '100%' : '—'}</td>
                <td className="px-1.5 py-1.5 text-right tabular-nums">{population > 0 ? '100%' : '—'}</td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      ) : null}
    </div>
  );
}

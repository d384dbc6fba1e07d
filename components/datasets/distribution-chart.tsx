'use client';
// A small horizontal bar chart of one distribution (queries by category, criteria by tier or status). The SVG
// is decoration for sighted users; its numbers are also in a visually hidden table, which is what assistive
// technology reads.
import { useId } from 'react';
import { Bar, BarChart, type BarShapeProps, LabelList, Rectangle, XAxis, YAxis } from 'recharts';

export interface DistributionEntry {
  key: string;
  label: string;
  value: number;
  color: string;
}

const BAR_HEIGHT = 24;

function ColoredBar(props: BarShapeProps) {
  const entry = props.payload as DistributionEntry | undefined;
  return <Rectangle {...props} fill={entry?.color ?? '#94a3b8'} />;
}

export function DistributionChart({ title, unit, entries }: { title: string; unit: string; entries: DistributionEntry[] }) {
  const captionId = useId();
  const total = entries.reduce((sum, entry) => sum + entry.value, 0);
  return (
    <figure aria-labelledby={captionId} className="min-w-0">
      <figcaption id={captionId} className="mb-1 text-xs font-semibold text-slate-600">
        {title}
      </figcaption>
      {total === 0 ? (
        <p className="py-4 text-sm text-slate-500">No {unit} yet.</p>
      ) : (
        <div aria-hidden="true" style={{ height: entries.length * BAR_HEIGHT + 4 }}>
          <BarChart
            layout="vertical"
            data={entries}
            width="100%"
            height={entries.length * BAR_HEIGHT + 4}
            responsive
            accessibilityLayer={false}
            margin={{ top: 2, right: 36, bottom: 2, left: 0 }}
            barCategoryGap={5}
          >
            <XAxis type="number" hide domain={[0, 'dataMax']} allowDecimals={false} />
            <YAxis
              type="category"
              dataKey="label"
              width={140}
              tickLine={false}
              axisLine={false}
              interval={0}
              tick={{ fontSize: 12, fill: 'var(--color-slate-600)' }}
            />
            <Bar
              dataKey="value"
              isAnimationActive={false}
              radius={[0, 3, 3, 0]}
              shape={ColoredBar}
              background={{ fill: 'var(--color-slate-100)' }}
            >
              <LabelList dataKey="value" position="right" fontSize={12} fill="var(--color-slate-700)" />
            </Bar>
          </BarChart>
        </div>
      )}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title.split(' by ')[1] ?? 'Group'}</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.key}>
                <th scope="row">{entry.label}</th>
                <td>{entry.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

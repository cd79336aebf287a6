import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { HealthDay } from '../api/link-validation-api.ts';
import { healthShares } from '../health-share.ts';

/** The link statuses a day counts (every count of the answer but the total). */
type HealthSeries = Exclude<keyof HealthDay, 'date' | 'total'>;

const SERIES: [key: HealthSeries, name: string, colour: string][] = [
  ['active', 'Active', '#15803d'],
  ['soldOut', 'Sold Out', '#a16207'],
  ['broken', 'Broken', '#b91c1c'],
  ['unknown', 'Unknown', '#6b7280'],
];

/** Daily share of link health, stacked to 100 %. Loaded lazily: recharts stays out of the first bundle. */
export default function HealthChart({ days }: { days: HealthDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <AreaChart data={healthShares(days)} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" tick={{ fontSize: 12 }} minTickGap={24} />
        <YAxis unit="%" domain={[0, 100]} tick={{ fontSize: 12 }} width={48} />
        <Tooltip formatter={(value) => `${String(value)}%`} />
        <Legend />
        {SERIES.map(([key, name, colour]) => (
          <Area
            key={key}
            type="monotone"
            dataKey={key}
            name={name}
            stackId="health"
            stroke={colour}
            fill={colour}
            fillOpacity={0.5}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}

/**
 * The bar chart of sales by week (MUI X Charts). Loaded on its own (React.lazy in
 * DashboardPage), so the chart library stays out of every other screen and the dashboard's
 * numbers paint before it arrives. It imports nothing of the app but its props (labels and
 * formatted values come from the page): a shared import would make the bundler split the app's
 * common chunks and every screen's first load would grow. The chart reads a focused bar out
 * (arrow keys); the page's table has the same numbers for screen readers.
 */
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export interface SalesChartProps {
  /** One label per bar ("Mar 4"). */
  labels: string[];
  /** Sales in cents, one per label. */
  cents: number[];
  /** A value as the page shows money ("$1,234.56"). */
  formatCents: (cents: number) => string;
  height: number;
}

export function SalesChart({ labels, cents, formatCents, height }: SalesChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={height}
      hideLegend
      borderRadius={4}
      grid={{ horizontal: true }}
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
      yAxis={[{ width: 56, valueFormatter: (value: number) => compactDollars.format(value / 100) }]}
      series={[
        {
          data: cents,
          label: 'Sales',
          color: theme.palette.primary.main,
          valueFormatter: (value) => formatCents(value ?? 0),
        },
      ]}
    />
  );
}

export default SalesChart;

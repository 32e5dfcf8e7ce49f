import { useFormat, useT } from '@dash/shared';
import type { TOverview, TTransferType } from '@dash/shared/api';
import { Box, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartData } from '../volume-series';

/** Each direction has its own line style as well as its own color: color is never the only signal. */
const STYLE: Record<TTransferType, { light: string; dark: string; dash?: number[] }> = {
  on_ramp: { light: '#1864ab', dark: '#74c0fc' },
  off_ramp: { light: '#c2255c', dark: '#faa2c1', dash: [8, 4] },
  deposit: { light: '#2b8a3e', dark: '#8ce99a', dash: [2, 3] },
};

const HEIGHT = 200;

/** One currency's daily volume per direction (uPlot, loaded lazily with this module). */
export default function VolumeChart({
  volume,
  currency,
  label,
}: {
  volume: TOverview['volume'];
  currency: string;
  label: string;
}) {
  const { t, locale } = useT('overview');
  const format = useFormat();
  const { ref, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    const element = target.current;
    if (!element || width === 0) return;
    const { x, series } = chartData(volume, currency);
    const dayLabel = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const text = getComputedStyle(element).color;
    const grid = scheme === 'dark' ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)';
    const axis = { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width,
        height: HEIGHT,
        scales: { x: { time: true } },
        // The days are UTC days; the labels follow the active language.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        axes: [
          {
            ...axis,
            // At least 90 px between two dates: "24 de out." or "Nov 22" never run into each other.
            space: 90,
            values: (_plot, splits) => splits.map((seconds) => dayLabel.format(seconds * 1000)),
          },
          { ...axis, size: 70, values: (_plot, splits) => splits.map((value) => format.number(value)) },
        ],
        series: [
          {},
          ...series.map((serie) => ({
            label: t(`types.${serie.type}`),
            stroke: STYLE[serie.type][scheme],
            width: 2,
            ...(STYLE[serie.type].dash ? { dash: STYLE[serie.type].dash } : {}),
            spanGaps: false,
            points: { show: true, size: 6 },
          })),
        ],
        legend: { show: true, live: false },
      },
      [x, ...series.map((serie) => serie.values)],
      element,
    );
    return () => plot.destroy();
  }, [volume, currency, width, scheme, t, locale, format]);

  return (
    <Box ref={ref} role="img" aria-label={label} mt="xs">
      <div ref={target} aria-hidden="true" />
    </Box>
  );
}

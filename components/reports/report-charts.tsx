"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

interface Day { day: string; calls: number; answered: number; abandoned: number }
interface Hour { hour: number; calls: number; inbound: number; answered: number }

export function DailyChart({ data }: { data: Day[] }) {
  return (
    <div style={{ width: "100%", height: 260 }} role="img" aria-label="Calls per day">
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#eceff3" />
          <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="calls" name="All calls" stroke="#2458d3" strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="answered" name="Inbound answered" stroke="#067647" strokeWidth={2} dot={false} />
          <Line type="monotone" dataKey="abandoned" name="Abandoned" stroke="#b42318" strokeWidth={2} dot={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

export function HourlyChart({ data }: { data: Hour[] }) {
  return (
    <div style={{ width: "100%", height: 260 }} role="img" aria-label="Calls by hour of day">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#eceff3" />
          <XAxis dataKey="hour" fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip />
          <Legend />
          <Bar dataKey="calls" name="All calls" fill="#2458d3" />
          {/* Dark enough for the legend text it also colours (WCAG AA on white). */}
          <Bar dataKey="answered" name="Inbound answered" fill="#067647" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

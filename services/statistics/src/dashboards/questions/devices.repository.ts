import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { dailyTotalsSummed, wholeDays } from './dashboard-sql';

/** the orders of a window by where they were made */
export interface DeviceOrders {
  mobile: number;
  web: number;
}

/** the mobile orders of a window made with one app version (`unknown` without one) */
export interface AppVersionOrders {
  appVersion: string;
  orders: number;
}

/**
 * Where orders are made: the mobile app against the web app, and the mobile app's versions (the
 * admin's device and app-version charts). Whole days read `stat_daily_all`
 * (`order_platform:…`), other windows `stat_order`.
 */
@Injectable()
export class DevicesRepository {
  /** orders made in the mobile app (android, ios) and elsewhere (the web app; older orders without a platform) */
  async devices(m: EntityManager, from: Date, to: Date): Promise<DeviceOrders> {
    if (wholeDays(from, to)) {
      const out = { mobile: 0, web: 0 };
      for (const r of await dailyTotalsSummed(m, 'order_platform:', from, to)) out[r.metric === 'order_platform:web' ? 'web' : 'mobile'] += Number(r.count);
      return out;
    }
    const [row] = await m.query(
      `SELECT count(*) FILTER (WHERE platform IN ('android', 'ios'))::int AS mobile,
              count(*) FILTER (WHERE platform IS NULL OR platform NOT IN ('android', 'ios'))::int AS web
         FROM stat_order WHERE created_at >= $1 AND created_at < $2`,
      [from, to],
    );
    return row;
  }

  /** mobile orders per app version (`unknown` without one), most first */
  async appVersions(m: EntityManager, from: Date, to: Date): Promise<AppVersionOrders[]> {
    if (wholeDays(from, to)) {
      const byVersion = new Map<string, number>();
      for (const r of await dailyTotalsSummed(m, 'order_platform:mobile:', from, to)) {
        const v = r.metric.slice('order_platform:mobile:'.length);
        byVersion.set(v, (byVersion.get(v) ?? 0) + Number(r.count));
      }
      return [...byVersion]
        .filter(([, n]) => n > 0)
        .map(([appVersion, orders]) => ({ appVersion, orders }))
        .sort((a, b) => b.orders - a.orders || (a.appVersion < b.appVersion ? -1 : a.appVersion > b.appVersion ? 1 : 0));
    }
    return m.query(
      `SELECT coalesce(nullif(app_version, ''), 'unknown') AS "appVersion", count(*)::int AS orders
         FROM stat_order WHERE created_at >= $1 AND created_at < $2 AND platform IN ('android', 'ios')
        GROUP BY 1 ORDER BY orders DESC, "appVersion"`,
      [from, to],
    );
  }
}

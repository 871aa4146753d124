/**
 * `GET /dashboard/userStatistics/{id}`: the numbers of an account's profile header. Answered
 * by the owning services (orders counts the orders, users the sales people) until the
 * statistics service keeps dashboards.
 */
export interface UserStatisticsView {
  /** every order of the account, whatever its status or age */
  ordersCount: number;
  /** the account's sales people */
  salesManCount: number;
}

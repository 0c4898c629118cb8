/** The pre-orders section (issue 28): the day's orders (index), the production sheet, the settings. */
import { Outlet } from "react-router";

export default function OrdersSection() {
  return <Outlet />;
}

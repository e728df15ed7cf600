import { redirect } from "react-router";

// admin.md §2: /admin redirects to /admin/login
export function loader() {
  return redirect("/admin/login");
}

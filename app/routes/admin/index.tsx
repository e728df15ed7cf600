import { redirect } from "react-router";

// admin.md §2: /admin redirects to /admin/login, whatever the method.
export function loader() {
  return redirect("/admin/login");
}

export function action() {
  return redirect("/admin/login");
}

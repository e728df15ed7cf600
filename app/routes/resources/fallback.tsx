import { redirect } from "react-router";

// public-site.md §2.1: any unknown path redirects to /
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}

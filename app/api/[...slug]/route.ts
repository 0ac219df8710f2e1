// Any other /api path: a JSON 404 instead of the web app's HTML page.
function notFound(request: Request) {
  return Response.json({ detail: `No route ${request.method} ${new URL(request.url).pathname}. See /api/v1/docs.` }, { status: 404 });
}
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

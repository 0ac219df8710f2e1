// Any other /v1 path: a JSON 404 in the legacy envelope.
function notFound(request: Request) {
  return Response.json(
    { status: "error", message: `No route ${request.method} ${new URL(request.url).pathname}. The legacy API has /v1/datasets and /v1/models.` },
    { status: 404 },
  );
}
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

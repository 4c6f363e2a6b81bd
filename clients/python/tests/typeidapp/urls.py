from django.forms.models import model_to_dict
from django.http import JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import path, register_converter

from uidext.django import TypeIDConverter

from .models import Post

register_converter(TypeIDConverter.for_prefix("post"), "post_id")


def post_view(request, pk):
    post = get_object_or_404(Post, pk=pk)
    return JsonResponse({"id": str(post.pk), "author": str(post.author_id), "type": type(pk).__name__})


def post_dict(request, pk=None):
    """model_to_dict + JsonResponse (DjangoJSONEncoder) with TypeID values (#37); ?id= as well."""
    return JsonResponse(model_to_dict(get_object_or_404(Post, pk=request.GET["id"] if pk is None else pk)))


urlpatterns = [
    path("posts/<typeid:pk>/", post_view, name="post"),
    path("p/<post_id:pk>/", post_view, name="post-strict"),
    path("any/<typeid:pk>/", post_dict),
    path("post/", post_dict),
]

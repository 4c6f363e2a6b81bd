from django.urls import path

from . import views

urlpatterns = [
    path("orders/<ulid:pk>/", views.order_detail, name="order-detail"),
    path("by-text/<str:pk>/", views.order_by_text),
    path("events/", views.event_list),
]
